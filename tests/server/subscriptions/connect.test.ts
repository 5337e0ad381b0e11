/** @jest-environment node */
// Whose order it is, on Connect: two shops on two connected accounts keep the same default tag, and
// Stripe sends one paid event of shop B's. Shop A's server ignores it (and the platform's own server
// too); shop B's ships it once. A platform's one Connect endpoint routes each event to its shop.
// Reconcile lists the account's own sessions (with Stripe-Account).
import Stripe from 'stripe';
import { connectWebhookHandler } from '../../../server/connect/connectWebhook';
import type { Fulfil } from '../../../server/orders/orders';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../../server/orders/ourSession';
import { reconcile } from '../../../server/reconcile/reconcile';
import { CHECKOUT_PATHS, createCheckoutHandlers, type CheckoutHandlers } from '../../../server/routes';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../../stand-ins/stripeApi';
import { deliverSigned } from '../../../stand-ins/webhookEvents';
import { memoryOrders } from '../../support/orders';
import { serveRoutes, type Served } from '../../support/serveHandler';

// A busy machine (a shared CI runner) makes a delivery's round trip slow: a bound, not a wait.
jest.setTimeout(30_000);

const SECRET = 'whsec_test_connect';
const SHOP_A = 'acct_1ShopA';
const SHOP_B = 'acct_1ShopB';
let standIn: StripeApiStandIn;
let stripe: Stripe;
let store: Awaited<ReturnType<typeof memoryOrders>>;
const served: Served[] = [];

beforeAll(async () => {
  standIn = await startStripeApiStandIn({ connectedAccounts: [SHOP_A, SHOP_B] });
  stripe = stripeForStandIn(standIn);
  store = await memoryOrders();
}, 120_000);
afterAll(async () => {
  await Promise.all(served.map((s) => s.close()));
  await standIn.close();
  await store.db.close();
});

/** A shop's server: its own fulfil, and `stripeAccount` when it is a connected account's (both keep the default tag). */
function shop(stripeAccount?: string): { handlers: CheckoutHandlers; fulfil: jest.Mock } {
  const fulfil = jest.fn<ReturnType<Fulfil>, Parameters<Fulfil>>(async () => {});
  const handlers = createCheckoutHandlers({
    stripe,
    catalog: catalogOf(DEMO_PRODUCTS),
    returnPage: 'https://shop.example/',
    orders: store.orders,
    sessionRequests: store.sessionRequests,
    fulfil,
    webhookSecret: SECRET,
    stripeAccount,
    log: () => {},
  });
  return { handlers, fulfil };
}

async function serve(handlers: CheckoutHandlers): Promise<string> {
  const server = await serveRoutes(handlers);
  served.push(server);
  return `${server.url}${CHECKOUT_PATHS.webhook}`;
}

/** Shop B's paid session, and the `checkout.session.completed` Stripe sends the platform for it. */
async function paidEventOfShopB(): Promise<{ id: string; payload: string }> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Beans' } }, quantity: 1 }],
      success_url: 'https://shop-b.example/',
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    },
    { stripeAccount: SHOP_B },
  );
  await standIn.complete(session.id, 'paid');
  const paid = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: SHOP_B });
  const event = {
    id: `evt_${session.id}`,
    object: 'event',
    account: SHOP_B,
    type: 'checkout.session.completed',
    api_version: Stripe.API_VERSION,
    created: 1,
    data: { object: paid },
  };
  return { id: session.id, payload: JSON.stringify(event, null, 2) };
}

it("shop A's server ignores shop B's paid Connect event (and so does the platform's own); shop B's ships it once", async () => {
  const a = shop(SHOP_A);
  const b = shop(SHOP_B);
  const platform = shop();
  const { id, payload } = await paidEventOfShopB();
  for (const url of [await serve(a.handlers), await serve(platform.handlers)])
    expect((await deliverSigned(url, payload, SECRET)).status).toBe(200);
  expect(a.fulfil).not.toHaveBeenCalled();
  expect(platform.fulfil).not.toHaveBeenCalled();
  expect(await store.orders.get(id)).toBeUndefined();
  const urlB = await serve(b.handlers);
  expect((await deliverSigned(urlB, payload, SECRET)).status).toBe(200);
  expect((await deliverSigned(urlB, payload, SECRET)).status).toBe(200);
  expect(b.fulfil).toHaveBeenCalledTimes(1);
  expect(b.fulfil.mock.calls[0][0]).toMatchObject({ id });
});

it("a connected account's server leaves the platform's own events alone (no `account`)", async () => {
  const b = shop(SHOP_B);
  const { payload } = await paidEventOfShopB();
  const own = JSON.parse(payload) as { account?: string };
  delete own.account;
  expect((await deliverSigned(await serve(b.handlers), JSON.stringify(own), SECRET)).status).toBe(200);
  expect(b.fulfil).not.toHaveBeenCalled();
});

it("a platform's one Connect endpoint routes each event to its shop, and leaves an unknown account's alone", async () => {
  const a = shop(SHOP_A);
  const b = shop(SHOP_B);
  const shops: Record<string, CheckoutHandlers> = { [SHOP_A]: a.handlers, [SHOP_B]: b.handlers };
  const router = connectWebhookHandler({ stripe, secret: SECRET, shopOf: (account) => shops[account]?.webhook ?? null });
  const server = await serveRoutes(async (request, context) => router(request, context));
  served.push(server);
  const { id, payload } = await paidEventOfShopB();
  expect((await deliverSigned(server.url, payload, SECRET)).status).toBe(200);
  expect(b.fulfil).toHaveBeenCalledTimes(1);
  expect(b.fulfil.mock.calls[0][0]).toMatchObject({ id });
  expect(a.fulfil).not.toHaveBeenCalled();
  const stranger = JSON.stringify({ ...(JSON.parse(payload) as object), account: 'acct_1Stranger' });
  expect((await deliverSigned(server.url, stranger, SECRET)).status).toBe(200);
  expect((await deliverSigned(server.url, payload, 'whsec_test_wrong')).status).toBe(400);
  expect(b.fulfil).toHaveBeenCalledTimes(1);
});

it("reconcile for shop A lists shop A's sessions only (Stripe-Account on the list), never shop B's", async () => {
  const { id } = await paidEventOfShopB();
  const fulfil = jest.fn<ReturnType<Fulfil>, Parameters<Fulfil>>(async () => {});
  const ours = { integration: DEFAULT_INTEGRATION, catalog: catalogOf(DEMO_PRODUCTS) };
  const report = await reconcile({ stripe, orders: store.orders, fulfil, ours, stripeAccount: SHOP_A });
  expect(report.shipped).not.toContain(id);
  expect(fulfil).not.toHaveBeenCalled();
  const lists = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'GET');
  expect(lists.at(-1)!.headers['stripe-account']).toBe(SHOP_A);
  const inB = await reconcile({ stripe, orders: store.orders, fulfil, ours, stripeAccount: SHOP_B });
  expect(inB.shipped).toContain(id);
});
