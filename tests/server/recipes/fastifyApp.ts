// The server half in a Fastify 5 app with its default parsers: the recipe docs/server/frameworks.md shows.
import Fastify from 'fastify';
import type Stripe from 'stripe';
import { openCheckoutBackend } from '@checkout/server';
import { checkoutFastify } from '@checkout/server/fastify';

export async function shopApp(stripe: Stripe, env: NodeJS.ProcessEnv = process.env) {
  const backend = await openCheckoutBackend({
    stripe,
    returnPage: 'https://shop.example/return',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
  });
  const app = Fastify();
  await app.register(checkoutFastify(backend.handlers));
  return { app, backend };
}
