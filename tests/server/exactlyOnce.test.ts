/** @jest-environment node */
// Exactly once through the webhook route, on both databases: deliveries at the same moment, and the
// overlap that used to lose orders: a slow fulfil that then fails while Stripe delivers again. A
// delivery that meets a live lease must not get a 2xx (Stripe would never deliver it again).
import Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/sql';
import { leaseOf } from '../../server/orders/fulfilment';
import { sqlOrders } from '../../server/orders/orderStore';
import type { Fulfil, OrderStore } from '../../server/orders/orders';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../server/routes';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { sqlSessionRequests } from '../../server/sessions/sessionRequests';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { describeEachDatabase } from '../support/databases';
import { until } from '../support/until';
import { serveRoutes, type Served } from '../support/serveHandler';
import { checkoutEvent, deliverSigned } from '../../stand-ins/webhookEvents';

const SECRET = 'whsec_test_exactlyOnce';
const LEASE_MS = 1_000;

describeEachDatabase('exactly once through the webhook', (_driver, databases) => {
  let standIn: StripeApiStandIn;
  let stripe: Stripe;
  let db: Database;
  let orders: OrderStore;
  let server: Served;
  const fulfil = jest.fn<ReturnType<Fulfil>, Parameters<Fulfil>>();
  const renewals: number[] = [];

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    stripe = stripeForStandIn(standIn);
    db = await openDatabase(await databases.fresh());
    const store = sqlOrders(db);
    // Each renewal that held, so a test waits for the lease to have been renewed rather than for a time.
    orders = {
      ...store,
      renew: async (...args) => {
        const held = await store.renew(...args);
        if (held) renewals.push(performance.now());
        return held;
      },
    };
    // A short lease (renewed every 333 ms) keeps the test in seconds (production's is 30 s), and a
    // renewal has that long to land on a busy machine.
    const routes = createCheckoutHandlers({
      stripe,
      catalog: catalogOf(DEMO_PRODUCTS),
      returnPage: 'https://shop.example/',
      orders,
      sessionRequests: sqlSessionRequests(db),
      fulfil,
      lease: leaseOf(LEASE_MS),
      webhookSecret: SECRET,
      log: () => {},
    });
    server = await serveRoutes(routes);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
    await db?.close();
  });
  beforeEach(() => fulfil.mockReset());

  async function paidEvent() {
    const created = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: 'price_1', quantity: 1 }],
      success_url: 'https://shop.example/',
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    });
    const session = { ...created, status: 'complete', payment_status: 'paid' };
    return { id: session.id, payload: checkoutEvent('checkout.session.completed', session) };
  }
  const deliver = (payload: string) => deliverSigned(`${server.url}${CHECKOUT_PATHS.webhook}`, payload, SECRET);

  it('eight deliveries at once: one ships, the others get 409 while it runs; every later delivery 200, nothing more shipped', async () => {
    // The one fulfil runs until every other delivery has been answered, however slow the machine.
    let finish!: () => void;
    fulfil.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const { id, payload } = await paidEvent();
    const statuses: number[] = [];
    const deliveries = Array.from({ length: 8 }, () => deliver(payload).then((res) => statuses.push(res.status)));
    await until('seven deliveries answered', () => statuses.length >= 7);
    expect(statuses).toEqual(Array(7).fill(409));
    finish();
    await Promise.all(deliveries);
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const again = await Promise.all(Array.from({ length: 8 }, () => deliver(payload)));
    expect(again.map((res) => res.status)).toEqual(Array(8).fill(200));
    expect(fulfil).toHaveBeenCalledTimes(1);
    expect(await orders.get(id)).toMatchObject({ state: 'fulfilled', attempts: 1 });
  });

  it('a slow fulfil that then throws while a duplicate arrives: the duplicate is not acknowledged, and the redelivery ships', async () => {
    let fail!: (error: Error) => void;
    fulfil.mockImplementationOnce(() => new Promise((_resolve, reject) => (fail = reject)));
    const { id, payload } = await paidEvent();
    const first = deliver(payload);
    await until('the first fulfil called', () => fulfil.mock.calls.length > 0);
    // Renewed past its first deadline: still live while the first fulfil runs.
    const claimed = performance.now();
    const renewed = renewals.length;
    await until('the lease renewed past its first deadline', () => renewals.length > renewed && performance.now() - claimed > LEASE_MS);
    expect((await deliver(payload)).status).toBe(409);
    fail(new Error('the warehouse timed out'));
    expect((await first).status).toBe(500);
    expect(await orders.get(id)).toMatchObject({ state: 'fulfilling', leaseLive: false, lastError: 'the warehouse timed out' });
    // Stripe delivers the event again later: both the failed delivery and the refused duplicate.
    fulfil.mockResolvedValue(undefined);
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(2);
    expect(fulfil.mock.calls.map((call) => call[1].idempotencyKey)).toEqual([id, id]);
    expect(await orders.get(id)).toMatchObject({ state: 'fulfilled', attempts: 2 });
  });
});
