// The server half in this app's own server: opened once per process (the orders' database,
// reconcile's schedule, the routes over them) and configured by the environment (docs/server.md).
// STRIPE_API_URL points the Stripe library at the offline stand-in (`npm run stripe:offline`);
// unset, at Stripe.
import Stripe from 'stripe';
import { openCheckoutBackend, type CheckoutHandlers } from '@checkout/server';

const env = process.env;
const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
let backend: Promise<CheckoutHandlers> | null = null;

/** The three routes as Web handlers; a failed start is tried again by the next request. */
export function checkout(): Promise<CheckoutHandlers> {
  backend ??= openCheckoutBackend({
    stripe: new Stripe(env.STRIPE_SECRET_KEY!, api ? { host: api.hostname, port: Number(api.port), protocol: 'http' } : {}),
    returnPage: env.RETURN_PAGE!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
  }).then(
    ({ handlers }) => handlers,
    (error: unknown) => {
      backend = null;
      throw error;
    },
  );
  return backend;
}
