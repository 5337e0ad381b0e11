// The server half in this app's own server: opened once per server process (the orders' database,
// reconcile's schedule, the routes over them) and configured by the environment (docs/server/configure.md).
// STRIPE_API_URL points the Stripe library at the API stand-in (tests, offline); unset, at Stripe.
import Stripe from 'stripe';
import { openCheckoutBackend } from '@checkout/server';

const api = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : null;
// On globalThis: Next bundles instrumentation.js apart from the routes, and both must reach one backend.
const opened = Symbol.for('checkout.backend');

/** The three routes as Web handlers; opened at start (instrumentation.js); a failed start is tried again by the next request. */
export function checkout() {
  globalThis[opened] ??= openCheckoutBackend({
    stripe: new Stripe(
      process.env.STRIPE_SECRET_KEY,
      api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.slice(0, -1) } : {},
    ),
    returnPage: process.env.RETURN_PAGE,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  }).catch((error) => {
    globalThis[opened] = null;
    throw error;
  });
  return globalThis[opened].then(({ handlers }) => handlers);
}

/** Next hands a route handler no socket: its server sets X-Forwarded-For to the peer's address when no proxy did. */
export const clientOf = (request) => ({ clientAddress: request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() ?? '' });
