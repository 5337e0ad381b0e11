/** @jest-environment node */
// The mounting recipes of docs/server/frameworks.md, run as written (tests/server/recipes/): on Node's own
// server, in Express 5 with express.json() and express.urlencoded() first, in Fastify 5 with its
// default parsers. Each answers the button's JSON, the plain form's 303 and a signed webhook.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { checkoutServer } from './recipes/nodeServer';
import { shopApp as expressShop } from './recipes/expressApp';
import { shopApp as fastifyShop } from './recipes/fastifyApp';

const SECRET = 'whsec_test_recipes';
const env = { DATABASE_URL: 'memory://', STRIPE_WEBHOOK_SECRET: SECRET, FORM_ALLOWED_ORIGINS: 'https://shop.example' };
let standIn: StripeApiStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  stripe = stripeForStandIn(standIn);
}, 30_000);
afterAll(() => standIn.close());

async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function answersTheThree(base: string) {
  const json = await fetch(`${base}/api/checkout-sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `recipe-${Math.random()}` },
    body: JSON.stringify({ productId: 'coffee-beans-1kg', quantity: 2, mode: 'redirect' }),
  });
  expect(json.status).toBe(200);
  const form = await fetch(`${base}/api/checkout-sessions`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'https://shop.example',
      'User-Agent': `recipe-${Math.random()}`,
    },
    body: new URLSearchParams({ productId: 'coffee-beans-1kg', formKey: `recipe-form-${Math.random()}` }).toString(),
  });
  expect(form.status).toBe(303);
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: 'price_1', quantity: 1 }],
    success_url: 'https://shop.example/',
    metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
  });
  const payload = JSON.stringify(
    {
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
    },
    null,
    2,
  );
  const webhook = await fetch(`${base}/api/stripe-webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    body: payload,
  });
  expect(webhook.status).toBe(200);
}

jest.setTimeout(60_000);
const quiet = jest.spyOn(console, 'log').mockImplementation(() => {});
afterAll(() => quiet.mockRestore());

it('Node: toNodeListener on http.createServer', async () => {
  const { server, backend } = await checkoutServer(stripe, env);
  try {
    await answersTheThree(await listen(server));
  } finally {
    server.closeAllConnections();
    server.close();
    await backend.close();
  }
});

it('Express 5: mountCheckout after express.json() and express.urlencoded()', async () => {
  const { app, backend } = await expressShop(stripe, env);
  const server = http.createServer(app);
  try {
    await answersTheThree(await listen(server));
  } finally {
    server.closeAllConnections();
    server.close();
    await backend.close();
  }
});

it("Fastify 5: the checkoutFastify plugin beside Fastify's parsers", async () => {
  const { app, backend } = await fastifyShop(stripe, env);
  try {
    await answersTheThree(await app.listen({ port: 0, host: '127.0.0.1' }));
  } finally {
    await app.close();
    await backend.close();
  }
});
