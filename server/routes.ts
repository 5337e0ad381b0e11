// The three routes as Web-standard handlers, built once from one options object. Mount each on its
// path in your framework (a Next.js route handler, a SvelteKit endpoint, …), or hand every request to
// `route`, which answers the three paths and returns null for any other. The session route takes the
// button's JSON and a plain form's post (answered with pages, not JSON).
import { createCheckoutSessionHandler, type CreateSessionOptions } from './sessions/createCheckoutSession';
import { formCheckoutHandler, type FormCheckoutOptions } from './form/formCheckout';
import { refusalResponse } from './form/formRefusal';
import { PORTAL_TEXTS } from './portal/portalTexts';
import { isFormRequest } from './form/formRequest';
import { errorResponse, type CheckoutContext, type Handler } from './http/http';
import { clientLimiter, DEFAULT_LIMITS } from './limits/rateLimit';
import { DEFAULT_INTEGRATION } from './orders/ourSession';
import { checkSessionPolicy } from './sessions/sessionPolicy';
import { sessionStatusHandler } from './sessions/sessionStatus';
import { stripeWebhookHandler, type WebhookOptions } from './orders/stripeWebhook';
import { stripeApi, type StripeClient } from './stripeClient';
import { billingPortalHandler, type CustomerOf } from './portal/billingPortal';
import type { SubscriptionStore } from './subscriptions/subscriptionStore';
import type { OnSubscriptionChange } from './subscriptions/subscriptions';
import { silentLogger, type Logger } from './log/logger';

export const CHECKOUT_PATHS = {
  sessions: '/api/checkout-sessions',
  status: '/api/checkout-session-status',
  webhook: '/api/stripe-webhook',
  portal: '/api/billing-portal',
} as const;

export interface CheckoutHandlerOptions
  extends
    Omit<CreateSessionOptions, 'stripe'>,
    Pick<WebhookOptions, 'orders' | 'fulfil' | 'lease' | 'toleranceSeconds'>,
    Partial<Pick<FormCheckoutOptions, 'formSubmissions' | 'formOrigins'>> {
  /** Your `new Stripe(key)`, any stripe 23.x, imported or required. */
  stripe: StripeClient;
  /** STRIPE_WEBHOOK_SECRET; without it the webhook route answers 503 (events cannot be verified). */
  webhookSecret?: string;
  /** Untagged sessions created before this (Unix seconds) are orders too: see Ownership in orders/ourSession.ts. */
  untaggedBefore?: number;
  /** The host's hook for a subscription's life (docs/server/subscriptions.md); needs `subscriptionStore`. */
  onSubscriptionChange?: OnSubscriptionChange;
  /** Where the subscriptions' leases and what the host heard are kept (sqlSubscriptions over the orders' database). */
  subscriptionStore?: SubscriptionStore;
  /** The signed-in customer, from the host's own session: the account page opens for them (docs/server/portal.md). */
  customerOf?: CustomerOf;
  /** Where the Customer Portal's return link leads (the page that opened it by default). */
  portalReturnUrl?: string;
  /** Where the subscription hooks and the account page log (silent by default). */
  logger?: Logger;
}

export interface CheckoutHandlers {
  /** POST /api/checkout-sessions: the button's JSON, or a plain form's post. */
  sessions: Handler;
  /** GET /api/checkout-session-status?session_id=… */
  status: Handler;
  /** POST /api/stripe-webhook */
  webhook: Handler;
  /** POST /api/billing-portal: the Customer Portal for the signed-in customer (503 without `customerOf`). */
  portal: Handler;
  /** Answers the four paths (by the request URL's path) and returns null for any other. */
  route(request: Request, context: CheckoutContext): Promise<Response | null>;
}

/** A handler whose failure ends in a sentence (a page, to a form), never a stack. */
function guarded(handler: Handler, log: (message: string, error: unknown) => void): Handler {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      log('A checkout route failed.', error);
      return isFormRequest(request)
        ? refusalResponse(request, '/', { status: 500, reason: 'failed' })
        : errorResponse(500, 'The server failed.');
    }
  };
}

/** Throws, at start-up, on options that would fail every session (a malformed connected account). */
export function createCheckoutHandlers(options: CheckoutHandlerOptions): CheckoutHandlers {
  checkSessionPolicy(options);
  const { webhookSecret, formSubmissions, formOrigins = [new URL(options.returnPage).origin] } = options;
  const log = options.log ?? console.error;
  // One limiter for the routes: the button's sessions, the form's, and status reads each keep their buckets.
  const limiter = options.limiter ?? clientLimiter(options.rateLimit ?? DEFAULT_LIMITS);
  const shared = { ...options, stripe: stripeApi(options.stripe), limiter, log };
  const form: Handler = formSubmissions
    ? formCheckoutHandler({ ...shared, formSubmissions, formOrigins })
    : async (request) => {
        log('A payment form was refused (503).', 'createCheckoutHandlers was given no formSubmissions (docs/server/form.md).');
        return refusalResponse(request, '/', { status: 503, reason: 'misconfigured' });
      };
  const json = createCheckoutSessionHandler(shared);
  const sessions = guarded((request, context) => (isFormRequest(request) ? form(request, context) : json(request, context)), log);
  const status = guarded(sessionStatusHandler(shared), log);
  const { onSubscriptionChange, subscriptionStore, customerOf, logger = silentLogger } = options;
  const integration = options.integration ?? DEFAULT_INTEGRATION;
  if (onSubscriptionChange && !subscriptionStore) throw new Error('onSubscriptionChange needs a subscriptionStore (sqlSubscriptions(db)).');
  const subscriptions =
    onSubscriptionChange && subscriptionStore
      ? {
          stripe: shared.stripe,
          store: subscriptionStore,
          onSubscriptionChange,
          integration,
          stripeAccount: options.stripeAccount,
          lease: options.lease,
          logger,
        }
      : undefined;
  const webhook = guarded(
    webhookSecret
      ? stripeWebhookHandler({
          ...shared,
          secret: webhookSecret,
          subscriptions,
          ours: {
            integration,
            catalog: options.catalog,
            untaggedBefore: options.untaggedBefore,
          },
        })
      : async () => errorResponse(503, 'STRIPE_WEBHOOK_SECRET is not set: events cannot be verified.'),
    log,
  );
  const portal = guarded(
    customerOf
      ? billingPortalHandler({ ...options, stripe: shared.stripe, customerOf, formOrigins, logger })
      : async (request) => {
          logger.error(
            { route: 'billing-portal', code: 'misconfigured' },
            'The account page was asked for, but createCheckoutHandlers has no customerOf.',
          );
          return isFormRequest(request)
            ? refusalResponse(request, '/', { status: 503, reason: 'failed', texts: PORTAL_TEXTS })
            : errorResponse(503, 'The account page is not set up on this server (customerOf).');
        },
    log,
  );
  const byPath: Record<string, Handler> = {
    [CHECKOUT_PATHS.sessions]: sessions,
    [CHECKOUT_PATHS.status]: status,
    [CHECKOUT_PATHS.webhook]: webhook,
    [CHECKOUT_PATHS.portal]: portal,
  };
  return {
    sessions,
    status,
    webhook,
    portal,
    async route(request, context) {
      const handler = byPath[new URL(request.url).pathname];
      return handler ? handler(request, context) : null;
    },
  };
}
