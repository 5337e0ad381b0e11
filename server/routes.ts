// The three routes on one server: hand `checkoutRoutes(…)` every request; it answers its own paths
// (true) and leaves the rest to your server (false). The session route takes the button's JSON and a
// plain form's post (answered with pages, not JSON).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCheckoutSessionHandler, type CreateSessionOptions } from './sessions/createCheckoutSession';
import { formCheckoutHandler, type FormCheckoutOptions } from './form/formCheckout';
import { sendRefusal } from './form/formRefusal';
import { isFormRequest } from './form/formRequest';
import { sendError, type Handler } from './http/http';
import { DEFAULT_INTEGRATION } from './orders/ourSession';
import { sessionStatusHandler } from './sessions/sessionStatus';
import { stripeWebhookHandler, type WebhookOptions } from './orders/stripeWebhook';

export const CHECKOUT_PATHS = {
  sessions: '/api/checkout-sessions',
  status: '/api/checkout-session-status',
  webhook: '/api/stripe-webhook',
} as const;

export interface CheckoutServerOptions
  extends CreateSessionOptions,
    Pick<WebhookOptions, 'orders' | 'fulfil' | 'lease' | 'toleranceSeconds'>,
    Partial<Pick<FormCheckoutOptions, 'formSubmissions' | 'formOrigins'>> {
  /** STRIPE_WEBHOOK_SECRET; without it the webhook route answers 503 (events cannot be verified). */
  webhookSecret?: string;
  /** Untagged sessions created before this (Unix seconds) are orders too: see Ownership in orders/ourSession.ts. */
  untaggedBefore?: number;
}

export function checkoutRoutes(options: CheckoutServerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const { webhookSecret, formSubmissions, formOrigins = [new URL(options.returnPage).origin] } = options;
  const log = options.log ?? console.error;
  const form: Handler = formSubmissions
    ? formCheckoutHandler({ ...options, formSubmissions, formOrigins })
    : async (req, res) => {
        log('A payment form was refused (503).', 'checkoutRoutes was given no formSubmissions (docs/server.md, section 8).');
        sendRefusal(req, res, '/', { status: 503, reason: 'misconfigured' });
      };
  const sessions = createCheckoutSessionHandler(options);
  const handlers: Record<string, Handler> = {
    [CHECKOUT_PATHS.sessions]: (req, res) => (isFormRequest(req) ? form(req, res) : sessions(req, res)),
    [CHECKOUT_PATHS.status]: sessionStatusHandler(options),
    [CHECKOUT_PATHS.webhook]: webhookSecret
      ? stripeWebhookHandler({ ...options, secret: webhookSecret, ours: { integration: options.integration ?? DEFAULT_INTEGRATION, catalog: options.catalog, untaggedBefore: options.untaggedBefore } })
      : async (_req, res) => sendError(res, 503, 'STRIPE_WEBHOOK_SECRET is not set: events cannot be verified.'),
  };
  return async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://server').pathname;
    const handler = handlers[path];
    if (!handler) return false;
    try {
      await handler(req, res);
    } catch (error) {
      // Nothing of the failure reaches the browser but a sentence (a page, to a form).
      log('A checkout route failed.', error);
      if (res.headersSent) res.end();
      else if (path === CHECKOUT_PATHS.sessions && isFormRequest(req)) sendRefusal(req, res, '/', { status: 500, reason: 'failed' });
      else sendError(res, 500, 'The server failed.');
    }
    return true;
  };
}
