// The three routes on one server: hand `checkoutRoutes(…)` every request; it answers its own paths
// (true) and leaves the rest to your server (false).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCheckoutSessionHandler, type CreateSessionOptions } from './createCheckoutSession';
import { sendError, type Handler } from './http';
import { DEFAULT_INTEGRATION } from './ourSession';
import { sessionStatusHandler } from './sessionStatus';
import { stripeWebhookHandler, type WebhookOptions } from './stripeWebhook';

export const CHECKOUT_PATHS = {
  sessions: '/api/checkout-sessions',
  status: '/api/checkout-session-status',
  webhook: '/api/stripe-webhook',
} as const;

export interface CheckoutServerOptions extends CreateSessionOptions, Pick<WebhookOptions, 'orders' | 'fulfil' | 'lease' | 'toleranceSeconds'> {
  /** STRIPE_WEBHOOK_SECRET; without it the webhook route answers 503 (events cannot be verified). */
  webhookSecret?: string;
}

export function checkoutRoutes(options: CheckoutServerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const { webhookSecret } = options;
  const handlers: Record<string, Handler> = {
    [CHECKOUT_PATHS.sessions]: createCheckoutSessionHandler(options),
    [CHECKOUT_PATHS.status]: sessionStatusHandler(options),
    [CHECKOUT_PATHS.webhook]: webhookSecret
      ? stripeWebhookHandler({ ...options, secret: webhookSecret, ours: { integration: options.integration ?? DEFAULT_INTEGRATION, catalog: options.catalog } })
      : async (_req, res) => sendError(res, 503, 'STRIPE_WEBHOOK_SECRET is not set: events cannot be verified.'),
  };
  return async (req, res) => {
    const handler = handlers[new URL(req.url ?? '/', 'http://server').pathname];
    if (!handler) return false;
    try {
      await handler(req, res);
    } catch (error) {
      // Nothing of the failure reaches the browser but a sentence.
      (options.log ?? console.error)('A checkout route failed.', error);
      if (!res.headersSent) sendError(res, 500, 'The server failed.');
      else res.end();
    }
    return true;
  };
}
