// The server half in an Express 5 app whose body parsers come first: the recipe docs/server/frameworks.md shows.
import express from 'express';
import type Stripe from 'stripe';
import { openCheckoutBackend } from '@checkout/server';
import { mountCheckout } from '@checkout/server/express';

export async function shopApp(stripe: Stripe, env: NodeJS.ProcessEnv = process.env) {
  const backend = await openCheckoutBackend({
    stripe,
    returnPage: 'https://shop.example/return',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
  });
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded());
  mountCheckout(app, backend.handlers);
  return { app, backend };
}
