/** @jest-environment node */
// Whose session is an order does not change with time. A tagged session in payment mode ships whatever
// the catalog says when its event arrives (a product removed since still ships, with what was paid, and
// the log says so loudly); an untagged session made by the version before the tag ships when it was
// created before CHECKOUT_UNTAGGED_BEFORE and names a product of the catalog, also when its delayed
// payment settles days after the upgrade. Both through the delivered webhook and through reconcile.
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { DEFAULT_INTEGRATION, notOurs, ourMetadata, untaggedBeforeFromEnv, type Ownership } from '../../server/orders/ourSession';
import { reconcile } from '../../server/reconcile/reconcile';
import { CHECKOUT_PATHS } from '../../server/routes';
import { warehouseFulfil } from '../../server/orders/warehouse';
import { startStripeApiStandIn, stripeForStandIn } from '../../stand-ins/stripeApi';
import { startWarehouseStandIn, type WarehouseStandIn } from '../../stand-ins/warehouse';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const SECRET = 'whsec_test_ownershipOverTime';
const DAY = 86_400_000;
/** The tag's first deploy: five days ago. */
const UPGRADE = Date.now() - 5 * DAY;
const catalog = catalogOf(DEMO_PRODUCTS); // what the shop sells now: no 'autumn-blend-500g' any more
const ours: Ownership = { integration: DEFAULT_INTEGRATION, catalog, untaggedBefore: Math.floor(UPGRADE / 1000) };

let clock = Date.now();
let warehouse: WarehouseStandIn;
const logged: string[] = [];
const log = (message: string) => void logged.push(message);

beforeAll(async () => {
  warehouse = await startWarehouseStandIn();
});
afterAll(() => warehouse?.close());
// The stand-in delivers its webhooks to the served routes, on the test's clock.
const routes = setUpCheckoutRoutes({
  serve: true,
  standIn: (url) => ({ now: () => clock, webhook: { url: `${url}${CHECKOUT_PATHS.webhook}`, secret: SECRET } }),
  routes: () => ({ ...ours, fulfil: warehouseFulfil({ url: warehouse.url, log }), webhookSecret: SECRET, log }),
});
beforeEach(() => {
  logged.length = 0;
  clock = Date.now();
});

/** A session as some version of this server made it, `daysAgo`, for `productId` at `unitAmount` cents. */
async function sessionMade(daysAgo: number, metadata: Record<string, string>, unitAmount = 1850): Promise<string> {
  clock = Date.now() - daysAgo * DAY;
  const line = { price_data: { currency: 'eur', unit_amount: unitAmount, product_data: { name: 'Autumn blend, 500 g' } }, quantity: 1 };
  const { id } = await routes.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [line],
    success_url: 'https://shop.example/',
    metadata,
  });
  clock = Date.now();
  return id;
}
const shipmentsOf = (id: string) => warehouse.calls.filter((call) => call.idempotencyKey === id && call.status === 200);

describe('a tagged session whose product left the catalog since', () => {
  it('ships once through the webhook, with the product id and amount it was paid with, and the log says so loudly', async () => {
    const id = await sessionMade(1, ourMetadata(DEFAULT_INTEGRATION, 'autumn-blend-500g'));
    await routes.standIn.complete(id, 'paid');
    expect(routes.standIn.deliveries.at(-1)).toEqual({ type: 'checkout.session.completed', status: 200 });
    expect(await routes.store.orders.get(id)).toMatchObject({ state: 'fulfilled' });
    expect(shipmentsOf(id).map((call) => call.order)).toEqual([
      {
        checkoutSessionId: id,
        productId: 'autumn-blend-500g',
        quantity: 1,
        amountTotal: 1850,
        currency: 'eur',
        lines: [expect.objectContaining({ quantity: 1, amountTotal: 1850 })],
      },
    ]);
    expect(logged.filter((line) => line.includes(id) && line.includes('NOT IN THE CATALOG') && line.includes('1850 eur'))).toHaveLength(1);
  });

  it('ships through reconcile when no webhook came, and a second run ships nothing', async () => {
    const quiet = await startStripeApiStandIn(); // an endpoint that was down: no delivery at all
    try {
      const client = stripeForStandIn(quiet);
      const line = { price_data: { currency: 'eur', unit_amount: 1850, product_data: { name: 'Autumn blend, 500 g' } }, quantity: 1 };
      const { id } = await client.checkout.sessions.create({
        mode: 'payment',
        line_items: [line],
        success_url: 'https://shop.example/',
        metadata: ourMetadata(DEFAULT_INTEGRATION, 'autumn-blend-500g'),
      });
      await quiet.complete(id, 'paid');
      const options = {
        stripe: client,
        orders: routes.store.orders,
        fulfil: warehouseFulfil({ url: warehouse.url, log }),
        ours,
        log,
        days: 7,
      };
      expect(await reconcile(options)).toMatchObject({ listed: 1, shipped: [id] });
      expect(await reconcile(options)).toMatchObject({ listed: 1, shipped: [], alreadyShipped: 1 });
      expect(shipmentsOf(id).map((call) => call.order)).toEqual([
        {
          checkoutSessionId: id,
          productId: 'autumn-blend-500g',
          quantity: 1,
          amountTotal: 1850,
          currency: 'eur',
          lines: [expect.objectContaining({ quantity: 1, amountTotal: 1850 })],
        },
      ]);
    } finally {
      await quiet.close();
    }
  });
});

describe('untagged sessions made before the upgrade (CHECKOUT_UNTAGGED_BEFORE)', () => {
  const before = { product_id: 'coffee-beans-1kg' }; // what the version before the tag wrote

  it('a delayed payment created before the upgrade and settled days after it ships once', async () => {
    const id = await sessionMade(6, before, 1200);
    clock = Date.now() - 6 * DAY;
    await routes.standIn.complete(id, 'processing'); // a SEPA debit: complete, unpaid
    clock = Date.now();
    expect(await routes.store.orders.get(id)).toMatchObject({ state: 'awaiting_payment' });
    await routes.standIn.settle(id, 'succeeded'); // settles today, five days after the upgrade
    expect(routes.standIn.deliveries.at(-1)).toEqual({ type: 'checkout.session.async_payment_succeeded', status: 200 });
    expect(await routes.store.orders.get(id)).toMatchObject({ state: 'fulfilled' });
    expect(shipmentsOf(id).map((call) => call.order)).toEqual([
      {
        checkoutSessionId: id,
        productId: 'coffee-beans-1kg',
        quantity: 1,
        amountTotal: 1200,
        currency: 'eur',
        lines: [expect.objectContaining({ quantity: 1, amountTotal: 1200 })],
      },
    ]);
  });

  it.each([
    ['created after the upgrade', 1, before],
    ['naming no product of the catalog', 6, { product_id: 'caviar' }],
    ['naming no product at all (a Payment Link)', 6, {}],
  ])('one %s is left alone: acknowledged, logged, no row, never shipped', async (_name, daysAgo, metadata) => {
    const id = await sessionMade(daysAgo, metadata);
    await routes.standIn.complete(id, 'paid');
    expect(routes.standIn.deliveries.at(-1)).toEqual({ type: 'checkout.session.completed', status: 200 });
    expect(await routes.store.orders.get(id)).toBeUndefined();
    expect(shipmentsOf(id)).toEqual([]);
    expect(logged.some((line) => line.includes(id) && line.includes('left alone'))).toBe(true);
  });

  it('without CHECKOUT_UNTAGGED_BEFORE no untagged session is ours; a tagged setup session never is', () => {
    const session = { id: 'cs_old', metadata: before, mode: 'payment' as const, created: Math.floor(UPGRADE / 1000) - 3600 };
    expect(notOurs(session, ours)).toBeNull();
    expect(notOurs(session, { ...ours, untaggedBefore: undefined })).toMatch(/CHECKOUT_UNTAGGED_BEFORE is not set/);
    expect(notOurs({ ...session, mode: 'setup', metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg') }, ours)).toMatch(
      /setup mode/,
    );
  });

  it('reads CHECKOUT_UNTAGGED_BEFORE as an ISO 8601 time with a zone, and refuses anything else at start-up', () => {
    expect(untaggedBeforeFromEnv({})).toBeUndefined();
    expect(untaggedBeforeFromEnv({ CHECKOUT_UNTAGGED_BEFORE: '2026-11-20T09:00:00Z' })).toBe(Date.UTC(2026, 10, 20, 9) / 1000);
    expect(untaggedBeforeFromEnv({ CHECKOUT_UNTAGGED_BEFORE: '2026-11-20T10:00:00+01:00' })).toBe(Date.UTC(2026, 10, 20, 9) / 1000);
    for (const bad of ['2026-11-20T09:00:00', '2026-11-20', 'yesterday', '1763629200']) {
      expect(() => untaggedBeforeFromEnv({ CHECKOUT_UNTAGGED_BEFORE: bad })).toThrow(
        /CHECKOUT_UNTAGGED_BEFORE must be an ISO 8601 time with a zone/,
      );
    }
  });
});
