// The server half in this app's own server: opened once per server process (the orders' database,
// reconcile's schedule, the routes over them) and configured by the environment (docs/server/configure.md).
// STRIPE_API_URL points the Stripe library at the API stand-in (tests, offline); unset, at Stripe.
import Stripe from 'stripe';
import { createContext } from 'react-router';
import { openCheckoutBackend } from '@checkout/server';

const api = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : null;
let backend = null;

/** The three routes as Web handlers; a failed start is tried again by the next request. */
export function checkout() {
  backend ??= openCheckoutBackend({
    stripe: new Stripe(
      process.env.STRIPE_SECRET_KEY,
      api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.slice(0, -1) } : {},
    ),
    returnPage: process.env.RETURN_PAGE,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  }).catch((error) => {
    backend = null;
    throw error;
  });
  return backend.then(({ handlers }) => handlers);
}

/** The client's address, which the Express handler (server/app.js) puts in each request's context. */
export const clientAddress = createContext('');
