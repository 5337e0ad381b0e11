// A cart and a plan paid through the plain form in Chromium with JavaScript off, against server/'s
// routes and the Stripe API stand-in: the three-line cart lands on one hosted session, and what the
// warehouse ships, once, is the session's line items as Stripe lists them; a plan with a trial is a
// subscription session with its trial, completed with its subscription and customer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '../../server/adapters/node';
import { createCheckoutHandlers } from '../../server/routes';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { sqlFormSubmissions } from '../../server/form/formSubmissions';
import { warehouseFulfil } from '../../server/orders/warehouse';
import { reconcile } from '../../server/reconcile/reconcile';
import { DEFAULT_INTEGRATION } from '../../server/orders/ourSession';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { startWarehouseStandIn, type WarehouseStandIn } from '../../stand-ins/warehouse';
import { memoryOrders } from '../support/orders';
import { e2eSuite, useBrowser } from './support/harness';

const SECRET = 'whsec_cartAndPlan';
const CART_PAGE = `<!doctype html><html lang="en"><body>
<form method="post" action="/api/checkout-sessions">
  <input type="hidden" name="lines[0][productId]" value="coffee-beans-1kg"><input name="lines[0][quantity]" value="2">
  <input type="hidden" name="lines[1][productId]" value="filter-papers"><input name="lines[1][quantity]" value="3">
  <input type="hidden" name="lines[2][productId]" value="hand-grinder"><input name="lines[2][quantity]" value="1">
  <button type="submit">Pay the cart</button>
</form>
<form method="post" action="/api/checkout-sessions">
  <input type="hidden" name="productId" value="coffee-club"><button type="submit">Start 14-day free trial</button>
</form></body></html>`;

e2eSuite('a cart and a plan through the form, JavaScript off', () => {
  const browser = useBrowser();
  let standIn: StripeApiStandIn;
  let warehouse: WarehouseStandIn;
  let store: Awaited<ReturnType<typeof memoryOrders>>;
  let server: http.Server;
  let origin: string;
  const fulfilment = () => ({
    stripe: stripeForStandIn(standIn),
    orders: store.orders,
    fulfil: warehouseFulfil({ url: warehouse.url, log: () => {} }),
    ours: { integration: DEFAULT_INTEGRATION, catalog: catalogOf(DEMO_PRODUCTS) },
  });

  beforeAll(async () => {
    [warehouse, store] = await Promise.all([startWarehouseStandIn(), memoryOrders()]);
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    standIn = await startStripeApiStandIn({ webhook: { url: `${origin}/api/stripe-webhook`, secret: SECRET } });
    const handlers = createCheckoutHandlers({
      ...fulfilment(),
      catalog: catalogOf(DEMO_PRODUCTS),
      returnPage: `${origin}/return`,
      sessionRequests: store.sessionRequests,
      formSubmissions: sqlFormSubmissions(store.db),
      rateLimit: false,
      webhookSecret: SECRET,
      log: () => {},
    });
    const routes = toNodeHandler(handlers);
    server.on('request', (req, res) => {
      void routes(req, res).then((handled) => {
        if (!handled) res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(CART_PAGE);
      });
    });
    // An in-memory PGlite starts from the prepared cluster the unit lane makes; without it, initdb (a minute when busy).
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await Promise.all([standIn?.close(), warehouse?.close(), store?.db.close()]);
  });

  /** Submits the form whose button is `name` with no script; the id of the session the 303 led to. */
  async function payThroughForm(name: string): Promise<string> {
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      // Stripe's hosted page: answered here, the person "is on Stripe".
      await context.route('https://checkout.stripe.com/**', (route) => route.fulfill({ status: 200, body: 'Stripe Checkout' }));
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const posted = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name }).click();
      expect((await posted).status()).toBe(303);
      await page.waitForURL(/checkout\.stripe\.com/);
      return new URL(page.url()).pathname.split('/').pop()!;
    } finally {
      await context.close();
    }
  }

  it('a three-line cart: one session with the three lines, and the warehouse ships exactly the paid lines, once', async () => {
    const id = await payThroughForm('Pay the cart');
    const stripe = stripeForStandIn(standIn);
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({ mode: 'payment', amount_total: 2 * 1200 + 3 * 400 + 4500 });
    await standIn.complete(id, 'paid'); // the webhook reaches the server before this resolves
    const calls = warehouse.calls.filter((call) => call.idempotencyKey === id);
    expect(calls).toHaveLength(1);
    expect(calls[0].order.lines).toEqual([
      expect.objectContaining({ productId: 'coffee-beans-1kg', quantity: 2, amountSubtotal: 2400, amountTotal: 2400, currency: 'eur' }),
      expect.objectContaining({ productId: 'filter-papers', quantity: 3, amountSubtotal: 1200, amountTotal: 1200 }),
      expect.objectContaining({ productId: 'hand-grinder', quantity: 1, amountSubtotal: 4500, amountTotal: 4500 }),
    ]);
    // A reconcile run afterwards (a missed event's safety net) finds it shipped and ships nothing.
    const report = await reconcile({ ...fulfilment(), log: () => {} });
    expect(report.shipped).toEqual([]);
    expect(warehouse.shipments().get(id)).toBe(1);
  });

  it('a plan with a trial: a subscription session with its trial, completed with its subscription and customer', async () => {
    const id = await payThroughForm('Start 14-day free trial');
    const create = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(create.params).toMatchObject({
      mode: 'subscription',
      subscription_data: { trial_period_days: '14' },
      line_items: [{ price_data: { recurring: { interval: 'month' } } }],
    });
    await standIn.complete(id, 'paid');
    const session = await stripeForStandIn(standIn).checkout.sessions.retrieve(id);
    expect(session).toMatchObject({ mode: 'subscription', status: 'complete', payment_status: 'no_payment_required' });
    expect(session.subscription).toMatch(/^sub_/);
    expect(session.customer).toMatch(/^cus_/);
  });
});
