// What a click reaches in the click-to-Stripe visits: server/'s checkout routes as a shop runs them
// (server/backend.ts, orders in memory, no per-client limit: every visit comes from 127.0.0.1), in
// front of the Stripe API stand-in. Stripe's own session creation is not instant: the stand-in's
// answers to it are held back STRIPE_CREATE_MS, through the `stripe` library's own HTTP client.
import type http from 'node:http';
import Stripe from 'stripe';
import { toNodeHandler } from '../server/adapters/node';
import { openCheckoutBackend } from '../server/backend';
import { startStripeApiStandIn } from '../stand-ins/stripeApi';

/** How long Stripe takes to create a Checkout Session, as a shop's server sees it (a typical figure). */
export const STRIPE_CREATE_MS = 300;

type HttpClient = NonNullable<Stripe.StripeConfig['httpClient']>;

/** `base`, with every session creation answered `delayMs` later. */
export function slowSessionCreation(base: HttpClient, delayMs: number): HttpClient {
  return {
    getClientName: () => base.getClientName(),
    async makeRequest(host, port, path, method, ...rest) {
      if (method === 'POST' && path.startsWith('/v1/checkout/sessions')) await new Promise((done) => setTimeout(done, delayMs));
      return base.makeRequest(host, port, path, method, ...rest);
    },
  };
}

export interface SessionBackend {
  /** Answers server/'s paths (true) and leaves the rest (false). */
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
  /** Session creations the stand-in answered. */
  sessionsCreated: () => number;
  close: () => Promise<void>;
}

/** `returnPage`: the shop's page Stripe sends people back to; its origin may post the form. */
export async function startSessionBackend(returnPage: string): Promise<SessionBackend> {
  const standIn = await startStripeApiStandIn();
  const httpClient = slowSessionCreation(Stripe.createNodeHttpClient(), STRIPE_CREATE_MS);
  const stripe = new Stripe('sk_test_benchStandIn', {
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient,
  });
  const { handlers, db } = await openCheckoutBackend({
    stripe,
    returnPage,
    log: () => undefined,
    env: { DATABASE_URL: 'memory://', SESSION_RATE_LIMIT: 'off' },
  });
  return {
    handle: toNodeHandler(handlers),
    sessionsCreated: () =>
      standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.status === 200).length,
    close: async () => {
      await db.close();
      await standIn.close();
    },
  };
}
