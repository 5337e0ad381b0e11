// The server half on Node's own HTTP server: the recipe docs/server/frameworks.md shows.
import type Stripe from 'stripe';
import { openCheckoutBackend } from '@checkout/server';
import { createCheckoutServer, trustProxyFromEnv } from '@checkout/server/node';

export async function checkoutServer(stripe: Stripe, env: NodeJS.ProcessEnv = process.env) {
  const backend = await openCheckoutBackend({
    stripe,
    returnPage: 'https://shop.example/return',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
  });
  const server = createCheckoutServer(backend.handlers, { trustProxy: trustProxyFromEnv(env) });
  return { server, backend };
}
