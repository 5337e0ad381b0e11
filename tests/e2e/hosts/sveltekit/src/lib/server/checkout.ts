// The server half in this app's own server: opened once per server process (the orders' database,
// reconcile's schedule, the routes over them) and configured by the environment (docs/server/configure.md).
// STRIPE_API_URL points the Stripe library at the API stand-in (tests, offline); unset, at Stripe.
import Stripe from 'stripe';
import { openCheckoutBackend, type CheckoutHandlers } from '@checkout/server';
import { env } from '$env/dynamic/private';

const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
let backend: Promise<CheckoutHandlers> | null = null;

/** The three routes as Web handlers; opened at start (hooks.server.ts); a failed start is tried again by the next request. */
export function checkout(): Promise<CheckoutHandlers> {
  return (backend ??= openCheckoutBackend({
    stripe: new Stripe(
      env.STRIPE_SECRET_KEY!,
      api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.slice(0, -1) as 'http' } : {},
    ),
    returnPage: env.RETURN_PAGE!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
  }).then(
    ({ handlers }) => handlers,
    (error: unknown) => {
      backend = null;
      throw error;
    },
  ));
}
