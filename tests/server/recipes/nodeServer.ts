// The server half on Node's own HTTP server: the recipe docs/server.md shows.
import http from 'node:http';
import type Stripe from 'stripe';
import { openCheckoutBackend } from '@checkout/server';
import { boundServerTimeouts, toNodeListener, trustProxyFromEnv } from '@checkout/server/node';

export async function checkoutServer(stripe: Stripe, env: NodeJS.ProcessEnv = process.env) {
  const backend = await openCheckoutBackend({
    stripe,
    returnPage: 'https://shop.example/return',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
  });
  const server = http.createServer(toNodeListener(backend.handlers, { trustProxy: trustProxyFromEnv(env) }));
  boundServerTimeouts(server);
  return { server, backend };
}
