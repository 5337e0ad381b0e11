/** @jest-environment node */
// The webhook endpoint: Stripe's signature checked on the raw bytes (events signed here with the
// library's own test helper), and each paid session fulfilled exactly once, however often Stripe
// delivers. Events come from the Stripe API stand-in's sessions, shaped as Stripe sends them.
import Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import type { Fulfil, OrderStore } from '../../server/orders/orders';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../server/routes';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { memoryOrders } from '../support/orders';
import { serveRoutes, type Served } from '../support/serveHandler';

const SECRET = 'whsec_test_webhookSecret';
let standIn: StripeApiStandIn;
let stripe: Stripe;
let server: Served;
let store: Awaited<ReturnType<typeof memoryOrders>>;
let orders: OrderStore;
const fulfil = jest.fn<ReturnType<Fulfil>, Parameters<Fulfil>>(async () => {});
const stateOf = async (id: string) => (await orders.get(id))?.state;

beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  stripe = stripeForStandIn(standIn);
  // One database for the file: every test's sessions are new ones.
  store = await memoryOrders();
  orders = store.orders;
}, 30_000);
beforeEach(async () => {
  fulfil.mockReset().mockResolvedValue(undefined);
  server = await serveRoutes(
    createCheckoutHandlers({
      stripe,
      catalog: catalogOf(DEMO_PRODUCTS),
      returnPage: 'https://shop.example/',
      orders,
      sessionRequests: store.sessionRequests,
      fulfil,
      webhookSecret: SECRET,
      log: () => {},
    }),
  );
});
afterEach(() => server.close());
afterAll(async () => {
  await standIn.close();
  await store.db.close();
});

async function session(): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Beans' } }, quantity: 1 }],
    success_url: 'https://shop.example/',
    metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
  });
}

function event(type: string, object: Stripe.Checkout.Session | Record<string, unknown>): string {
  return JSON.stringify(
    {
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: 1,
      data: { object },
    },
    null,
    2,
  );
}

function deliver(payload: string, header?: string) {
  return fetch(`${server.url}${CHECKOUT_PATHS.webhook}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(header === undefined ? {} : { 'Stripe-Signature': header }) },
    body: payload,
  });
}
const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp }));

describe('POST /api/stripe-webhook', () => {
  it('a signed checkout.session.completed for a paid session fulfils it, with the session and its id as the idempotency key', async () => {
    const paid = { ...(await session()), status: 'complete', payment_status: 'paid' };
    const res = await signed(event('checkout.session.completed', paid));
    expect(res.status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(1);
    expect(fulfil.mock.calls[0][0]).toMatchObject({ id: paid.id, payment_status: 'paid' });
    expect(fulfil.mock.calls[0][1]).toEqual({ idempotencyKey: paid.id, paidLines: expect.any(Function) });
    // What was paid, as Stripe lists the session's line items.
    expect(await fulfil.mock.calls[0][1].paidLines()).toEqual([
      expect.objectContaining({ object: 'item', description: 'Beans', quantity: 1, amount_subtotal: 1200, amount_total: 1200 }),
    ]);
    expect(await stateOf(paid.id)).toBe('fulfilled');
  });

  it('the same event delivered again: 2xx, fulfilled once', async () => {
    const paid = { ...(await session()), status: 'complete', payment_status: 'paid' };
    const payload = event('checkout.session.completed', paid);
    expect((await signed(payload)).status).toBe(200);
    expect((await signed(payload)).status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(1);
  });

  it('a delayed payment: completed (unpaid) awaits payment; async_payment_succeeded fulfils once', async () => {
    const unpaid = { ...(await session()), status: 'complete', payment_status: 'unpaid' };
    expect((await signed(event('checkout.session.completed', unpaid))).status).toBe(200);
    expect(fulfil).not.toHaveBeenCalled();
    expect(await stateOf(unpaid.id)).toBe('awaiting_payment');
    const settled = event('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' });
    await signed(settled);
    await signed(settled);
    expect(fulfil).toHaveBeenCalledTimes(1);
    expect(await stateOf(unpaid.id)).toBe('fulfilled');
  });

  it('async_payment_succeeded before completed: shipped once; the late completed (unpaid) changes nothing', async () => {
    const unpaid = { ...(await session()), status: 'complete', payment_status: 'unpaid' };
    expect((await signed(event('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' }))).status).toBe(200);
    expect((await signed(event('checkout.session.completed', unpaid))).status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(1);
    expect(await stateOf(unpaid.id)).toBe('fulfilled');
  });

  it('async_payment_failed ends the order in payment_failed and ships nothing, even if a paid event followed', async () => {
    const unpaid = { ...(await session()), status: 'complete', payment_status: 'unpaid' };
    expect((await signed(event('checkout.session.completed', unpaid))).status).toBe(200);
    expect((await signed(event('checkout.session.async_payment_failed', unpaid))).status).toBe(200);
    expect(await stateOf(unpaid.id)).toBe('payment_failed');
    expect((await signed(event('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' }))).status).toBe(200);
    expect(fulfil).not.toHaveBeenCalled();
  });

  it('checkout.session.expired ends the order in expired', async () => {
    const open = await session();
    expect((await signed(event('checkout.session.expired', { ...open, status: 'expired' }))).status).toBe(200);
    expect(await stateOf(open.id)).toBe('expired');
    expect(fulfil).not.toHaveBeenCalled();
  });

  it("the stand-in's own signed deliveries, from a completed session, end in one fulfilment", async () => {
    const delivering = await startStripeApiStandIn({ webhook: { url: `${server.url}${CHECKOUT_PATHS.webhook}`, secret: SECRET } });
    try {
      const { id } = await stripeForStandIn(delivering).checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_1', quantity: 1 }],
        success_url: 'https://shop.example/',
        metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
      });
      await delivering.complete(id, 'processing');
      await delivering.settle(id, 'succeeded');
      expect(delivering.deliveries).toEqual([
        { type: 'checkout.session.completed', status: 200 },
        { type: 'checkout.session.async_payment_succeeded', status: 200 },
      ]);
      expect(fulfil).toHaveBeenCalledTimes(1);
    } finally {
      await delivering.close();
    }
  });

  it.each<[string, (payload: string) => Promise<Response>, RegExp]>([
    ['no signature', (payload) => deliver(payload), /Missing Stripe-Signature/],
    ['a signature made with another secret', (payload) => signed(payload, { secret: 'whsec_someoneElse' }), /No signatures found matching/],
    [
      'a signature older than five minutes (a replay)',
      (payload) => signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      /Timestamp outside the tolerance zone/,
    ],
    [
      'a body changed after signing',
      (payload) => deliver(payload.replace('"unpaid"', '"paid"'), stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })),
      /No signatures found/,
    ],
    ['a garbled header', (payload) => deliver(payload, 'nonsense'), /signature refused/],
  ])('refuses %s with 400 and fulfils nothing', async (_name, send, message) => {
    const paid = { ...(await session()), status: 'complete', payment_status: 'paid' };
    const payload = event('checkout.session.completed', paid).replace('"paid"', '"unpaid"');
    const res = await send(payload);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(fulfil).not.toHaveBeenCalled();
  });

  it('a fulfilment that fails answers 500 (Stripe delivers again) and the next delivery fulfils', async () => {
    fulfil.mockRejectedValueOnce(new Error('the warehouse is down'));
    const paid = { ...(await session()), status: 'complete', payment_status: 'paid' };
    const payload = event('checkout.session.completed', paid);
    const first = await signed(payload);
    expect(first.status).toBe(500);
    expect(await first.text()).not.toContain('warehouse');
    expect(await orders.get(paid.id)).toMatchObject({ state: 'fulfilling', leaseLive: false, lastError: 'the warehouse is down' });
    expect((await signed(payload)).status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(2);
  });

  it('other events are acknowledged and left alone; GET is refused', async () => {
    expect((await signed(event('customer.created', { id: 'cus_1', object: 'customer' }))).status).toBe(200);
    expect(fulfil).not.toHaveBeenCalled();
    expect((await fetch(`${server.url}${CHECKOUT_PATHS.webhook}`)).status).toBe(405);
  });

  it('without STRIPE_WEBHOOK_SECRET the route answers 503 and trusts nothing', async () => {
    const bare = await serveRoutes(
      createCheckoutHandlers({
        stripe,
        catalog: catalogOf(DEMO_PRODUCTS),
        returnPage: 'https://shop.example/',
        orders,
        sessionRequests: store.sessionRequests,
        fulfil,
        log: () => {},
      }),
    );
    try {
      const payload = event('checkout.session.completed', { ...(await session()), payment_status: 'paid' });
      const res = await fetch(`${bare.url}${CHECKOUT_PATHS.webhook}`, {
        method: 'POST',
        body: payload,
        headers: { 'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      });
      expect(res.status).toBe(503);
      expect(fulfil).not.toHaveBeenCalled();
    } finally {
      await bare.close();
    }
  });
});
