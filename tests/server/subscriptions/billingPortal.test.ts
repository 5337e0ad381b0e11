/** @jest-environment node */
// The account page: POST /api/billing-portal opens Stripe's Customer Portal for the customer the host's
// own session names (a cookie here), `{ url }` to the button's fetch and 303 to a plain form; nobody
// signed in is 401 (JSON, or a page in the person's language); another site's form is 403; an id sent
// by the browser is never used. The stand-in answers as Stripe does.
import Stripe from 'stripe';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../../server/routes';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../../stand-ins/stripeApi';
import { memoryOrders } from '../../support/orders';
import { serveRoutes, type Served } from '../../support/serveHandler';

// A busy machine (a shared CI runner) makes a delivery's round trip slow: a bound, not a wait.
jest.setTimeout(30_000);

let standIn: StripeApiStandIn;
let stripe: Stripe;
let store: Awaited<ReturnType<typeof memoryOrders>>;
let server: Served;
let customer: string;
let portal: string;

// The host's own session: a cookie naming the signed-in customer (a real host looks its session up).
const customerOf = async (request: Request) => {
  const cookie = /(?:^|;\s*)shop_customer=(cus_\w+)/.exec(request.headers.get('cookie') ?? '');
  return cookie ? cookie[1] : null;
};

beforeAll(async () => {
  standIn = await startStripeApiStandIn({ portal: { defaultReturnUrl: 'https://shop.example/account' } });
  stripe = stripeForStandIn(standIn);
  store = await memoryOrders();
  customer = (await stripe.customers.create({ email: 'jenny.rosen@example.com' })).id;
  server = await serveRoutes(
    createCheckoutHandlers({
      stripe,
      catalog: catalogOf(DEMO_PRODUCTS),
      returnPage: 'https://shop.example/',
      orders: store.orders,
      sessionRequests: store.sessionRequests,
      fulfil: async () => {},
      customerOf,
      log: () => {},
    }),
  );
  portal = `${server.url}${CHECKOUT_PATHS.portal}`;
}, 120_000);
afterAll(async () => {
  await server.close();
  await standIn.close();
  await store.db.close();
});

const portalCalls = () => standIn.requests.filter((r) => r.path === '/v1/billing_portal/sessions');

describe('POST /api/billing-portal', () => {
  it("the button's fetch: { url } of the signed-in customer's portal, for the customer the host's session names", async () => {
    const before = portalCalls().length;
    const res = await fetch(portal, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `shop_customer=${customer}` },
      body: JSON.stringify({ customer: 'cus_someoneElse' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(portalCalls().slice(before)).toEqual([expect.objectContaining({ status: 200, params: { customer } })]);
  });

  it('a plain form: 303 to the portal, returning to the page that opened it', async () => {
    const res = await fetch(portal, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: `shop_customer=${customer}`,
        Origin: 'https://shop.example',
        Referer: 'https://shop.example/account',
      },
      body: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(portalCalls().at(-1)!.params).toEqual({ customer, return_url: 'https://shop.example/account' });
  });

  it('nobody signed in: 401 JSON for the button, and a page in their language for a form; Stripe is not asked', async () => {
    const before = portalCalls().length;
    const json = await fetch(portal, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(401);
    expect(await json.json()).toEqual({ error: 'Sign in to manage your subscription.' });
    const page = await fetch(portal, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'fr-FR,fr;q=0.9' },
      body: '',
    });
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Vous n’êtes pas connecté.');
    expect(portalCalls().length).toBe(before);
  });

  it("another site's form: 403, even with the customer's cookie", async () => {
    const res = await fetch(portal, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `shop_customer=${customer}`, 'Sec-Fetch-Site': 'cross-site' },
      body: '',
    });
    expect(res.status).toBe(403);
  });

  it('a customer Stripe does not know: 502 with a sentence, no key in it', async () => {
    const res = await fetch(portal, { method: 'POST', headers: { Cookie: 'shop_customer=cus_unknown' } });
    expect(res.status).toBe(502);
    expect(JSON.stringify(await res.json())).not.toContain('sk_test');
  });

  it('a server without customerOf answers 503 and says what is missing', async () => {
    const bare = await serveRoutes(
      createCheckoutHandlers({
        stripe,
        catalog: catalogOf(DEMO_PRODUCTS),
        returnPage: 'https://shop.example/',
        orders: store.orders,
        sessionRequests: store.sessionRequests,
        fulfil: async () => {},
        log: () => {},
      }),
    );
    const res = await fetch(`${bare.url}${CHECKOUT_PATHS.portal}`, { method: 'POST' });
    await bare.close();
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toContain('customerOf');
  });
});

describe("the stand-in's billing_portal.sessions.create", () => {
  it('refuses a missing or unknown customer, and another account’s', async () => {
    await expect(stripe.billingPortal.sessions.create({})).rejects.toMatchObject({ code: 'parameter_missing', param: 'customer' });
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nobody' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      message: "No such customer: 'cus_nobody'",
    });
  });

  it("takes return_url from the portal configuration's default; without a default, one must be given", async () => {
    expect((await stripe.billingPortal.sessions.create({ customer })).return_url).toBe('https://shop.example/account');
    const bare = await startStripeApiStandIn();
    const other = stripeForStandIn(bare);
    const theirs = (await other.customers.create({})).id;
    await expect(other.billingPortal.sessions.create({ customer: theirs })).rejects.toMatchObject({ param: 'return_url' });
    expect((await other.billingPortal.sessions.create({ customer: theirs, return_url: 'https://x.example/' })).url).toMatch(/^https:/);
    await bare.close();
  });
});
