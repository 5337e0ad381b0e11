/** @jest-environment node */
// Reconciliation: the paid sessions of the last N days that no webhook shipped are shipped through
// the same store (once, under their session id), the rest left as they are; a second run ships nothing.
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { leaseOf } from '../../server/orders/fulfilment';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { reconcile } from '../../server/reconcile/reconcile';
import { warehouseFulfil } from '../../server/orders/warehouse';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { startWarehouseStandIn, type WarehouseStandIn } from '../../stand-ins/warehouse';
import { memoryOrders } from '../support/orders';

const DAY = 86_400_000;
let clock = Date.now();
let standIn: StripeApiStandIn;
let warehouse: WarehouseStandIn;
let warehouseDown = new Set<string>();
let store: Awaited<ReturnType<typeof memoryOrders>>;

beforeAll(async () => {
  standIn = await startStripeApiStandIn({ now: () => clock });
  warehouse = await startWarehouseStandIn((call) => (warehouseDown.has(call.idempotencyKey!) ? 503 : 200));
  store = await memoryOrders();
}, 30_000);
afterAll(async () => {
  await standIn.close();
  await warehouse.close();
  await store.db.close();
});

async function sessionAt(daysAgo: number, outcome: 'paid' | 'processing' | null) {
  clock = Date.now() - daysAgo * DAY;
  const { id } = await stripeForStandIn(standIn).checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: 'price_1', quantity: 1 }],
    success_url: 'https://shop.example/',
    metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
  });
  if (outcome) await standIn.complete(id, outcome);
  clock = Date.now();
  return id;
}

it('ships the paid sessions no webhook shipped, once, and leaves the others', async () => {
  const tooOld = await sessionAt(10, 'paid');
  const missed = await sessionAt(2, 'paid');
  const shippedByWebhook = await sessionAt(1, 'paid');
  const settling = await sessionAt(1, 'processing');
  await sessionAt(0, null); // still open
  const failing = await sessionAt(0, 'paid');
  // The webhook did ship one of them.
  const claim = await store.orders.claim(shippedByWebhook, 1_000);
  if (claim.won) await store.orders.markFulfilled(shippedByWebhook);
  warehouseDown = new Set([failing]);
  const options = {
    stripe: stripeForStandIn(standIn),
    orders: store.orders,
    fulfil: warehouseFulfil({ url: warehouse.url }),
    lease: leaseOf(1_000),
    days: 7,
    log: () => {},
    ours: { integration: DEFAULT_INTEGRATION, catalog: catalogOf(DEMO_PRODUCTS) },
  };

  const first = await reconcile(options);
  expect(first).toEqual({
    listed: 4,
    shipped: [missed],
    alreadyShipped: 1,
    inProgress: [],
    notPaid: 1,
    failed: [{ id: failing, error: `The warehouse answered 503 for ${failing}.` }],
  });
  expect(warehouse.calls.find((c) => c.idempotencyKey === missed)?.order).toEqual({
    checkoutSessionId: missed,
    productId: 'coffee-beans-1kg',
    quantity: 1,
    amountTotal: 1200,
    currency: 'eur',
    // The paid lines, as Stripe lists the session's line items.
    lines: [
      {
        productId: null,
        description: 'Coffee beans, 1 kg',
        quantity: 1,
        amountSubtotal: 1200,
        amountDiscount: 0,
        amountTotal: 1200,
        currency: 'eur',
      },
    ],
  });

  warehouseDown = new Set();
  const second = await reconcile(options);
  expect(second).toMatchObject({ listed: 4, shipped: [failing], alreadyShipped: 2, failed: [] });
  expect(await reconcile(options)).toMatchObject({ shipped: [], alreadyShipped: 3 });
  expect(warehouse.calls.map((c) => c.idempotencyKey).sort()).toEqual([missed, failing, failing].sort());
  expect(warehouse.calls.some((c) => c.idempotencyKey === tooOld || c.idempotencyKey === settling)).toBe(false);
  expect(await store.orders.get(missed)).toMatchObject({ state: 'fulfilled' });
});
