/** @jest-environment node */
// The parameters a shop needs, decided by the server (never by the request beyond product and
// quantity): a Stripe Price, a quantity range, promotion codes, the customer's email from the host's
// own session, a connected account, and extra Stripe parameters bound to the Idempotency-Key. Against
// the API stand-in, which refuses what Stripe refuses for each.
import Stripe from 'stripe';
import { createCheckoutHandlers, type CheckoutHandlerOptions, type CheckoutHandlers } from '../../server/routes';
import { catalogOf, type Product } from '../../server/sessions/catalog';
import { sqlFormSubmissions } from '../../server/form/formSubmissions';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { memoryOrders } from '../support/orders';

const ACCOUNT = 'acct_1ShopParams';
const PRODUCTS: Product[] = [
  { id: 'beans', name: 'Beans', price: 'price_beans', quantity: { min: 1, max: 5 } },
  { id: 'mug', name: 'Mug', unitAmount: 800, currency: 'eur' },
  { id: 'gone', name: 'Gone', price: 'price_gone' },
];
let standIn: StripeApiStandIn;
let stripe: Stripe;
let store: Awaited<ReturnType<typeof memoryOrders>>;
const logged: string[] = [];

beforeAll(async () => {
  standIn = await startStripeApiStandIn({
    prices: [
      { id: 'price_beans', unitAmount: 1200, currency: 'eur', productName: 'Beans' },
      { id: 'price_beans', unitAmount: 1500, currency: 'usd', productName: 'Beans', account: ACCOUNT },
    ],
    connectedAccounts: [ACCOUNT],
  });
  stripe = stripeForStandIn(standIn);
  store = await memoryOrders();
}, 30_000);
afterAll(async () => {
  await standIn.close();
  await store.db.close();
});

const handlersWith = (more: Partial<CheckoutHandlerOptions> = {}): CheckoutHandlers =>
  createCheckoutHandlers({
    stripe,
    catalog: catalogOf(PRODUCTS),
    returnPage: 'https://shop.example/return',
    orders: store.orders,
    sessionRequests: store.sessionRequests,
    formSubmissions: sqlFormSubmissions(store.db),
    fulfil: async () => {},
    rateLimit: false,
    log: (message) => logged.push(message),
    ...more,
  });

let keys = 0;
const json = (body: Record<string, unknown>, key = `params-key-${++keys}-${Math.random()}`, cookie?: string) =>
  new Request('https://shop.example/api/checkout-sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ mode: 'redirect', ...body }),
  });
const form = (fields: Record<string, string>) =>
  new Request('https://shop.example/api/checkout-sessions', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'same-origin',
      'Accept-Language': 'en',
      'User-Agent': `ua-${Math.random()}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
const context = { clientAddress: '198.51.100.20' };
const lastSent = () => standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;

describe('a Stripe Price and a quantity range', () => {
  const handlers = () => handlersWith();

  it('a product naming a Price sends the Price id and the quantity asked for; Stripe prices it', async () => {
    const response = await handlers().sessions(json({ productId: 'beans', quantity: 3 }), context);
    expect(response.status).toBe(200);
    expect(lastSent().params.line_items).toEqual([{ price: 'price_beans', quantity: '3', metadata: { product_id: 'beans' } }]);
    expect(lastSent().params.metadata).toMatchObject({ product_id: 'beans', quantity: '3' });
    const { url } = (await response.json()) as { url: string };
    const session = await stripe.checkout.sessions.retrieve(/cs_test_\w+/.exec(url)![0]);
    expect(session.amount_total).toBe(3600);
  });

  it('no quantity buys the minimum; an inline-priced product without a range sells one at a time', async () => {
    expect((await handlers().sessions(json({ productId: 'beans' }), context)).status).toBe(200);
    expect(lastSent().params.line_items).toEqual([{ price: 'price_beans', quantity: '1', metadata: { product_id: 'beans' } }]);
    const two = await handlers().sessions(json({ productId: 'mug', quantity: 2 }), context);
    expect(two.status).toBe(400);
    expect(await two.json()).toEqual({ error: 'quantity must be 1 for this product.' });
  });

  it.each([0, 6, 2.5, -1, '6', 'many', '1e1'])('quantity %p from the button is refused 400, and Stripe is not asked', async (quantity) => {
    const before = standIn.requests.length;
    const response = await handlers().sessions(json({ productId: 'beans', quantity }), context);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'quantity must be a whole number from 1 to 5 for this product.' });
    expect(standIn.requests.length).toBe(before);
  });

  it('a quantity in digits (a host that read it from an input) is taken as the number', async () => {
    expect((await handlers().sessions(json({ productId: 'beans', quantity: '3' }), context)).status).toBe(200);
    expect(lastSent().params.line_items).toEqual([{ price: 'price_beans', quantity: '3', metadata: { product_id: 'beans' } }]);
  });

  it("the form's quantity field: in range, 303; out of range, the refusal page in the person's language", async () => {
    const ok = await handlers().sessions(form({ productId: 'beans', quantity: '4' }), context);
    expect(ok.status).toBe(303);
    expect(lastSent().params.line_items).toEqual([{ price: 'price_beans', quantity: '4', metadata: { product_id: 'beans' } }]);
    const refused = await handlers().sessions(form({ productId: 'beans', quantity: '9' }), context);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.text()).toContain('does not sell this quantity');
  });

  it("a Price Stripe does not have: Stripe's resource_missing becomes a 502 naming the parameter, and the form's page says the set-up is broken", async () => {
    const response = await handlers().sessions(json({ productId: 'gone' }), context);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: expect.stringMatching(/Stripe refused a parameter .*\(line_items\[0\]\[price\]\): No such price: 'price_gone'/),
    });
    const page = await handlers().sessions(form({ productId: 'gone' }), context);
    expect(page.status).toBe(502);
    expect(await page.text()).toContain('payment set-up is broken');
  });
});

describe("the server's choices", () => {
  it('promotion codes: sent only when on', async () => {
    await handlersWith().sessions(json({ productId: 'beans' }), context);
    expect(lastSent().params).not.toHaveProperty('allow_promotion_codes');
    await handlersWith({ allowPromotionCodes: true }).sessions(json({ productId: 'beans' }), context);
    expect(lastSent().params.allow_promotion_codes).toBe('true');
  });

  it("the customer's email comes from the host's hook (its own session), never from the body", async () => {
    const handlers = handlersWith({
      customerEmail: (request) => (request.headers.get('cookie')?.includes('session=jenny') ? 'jenny@example.com' : null),
    });
    await handlers.sessions(json({ productId: 'beans', customer_email: 'attacker@example.com' }, undefined, 'session=jenny'), context);
    expect(lastSent().params.customer_email).toBe('jenny@example.com');
    await handlers.sessions(json({ productId: 'beans', customer_email: 'attacker@example.com' }), context);
    expect(lastSent().params).not.toHaveProperty('customer_email');
  });

  it('a connected account: the session is created on it (Stripe-Account), priced by its Price, and status reads ask it', async () => {
    const handlers = handlersWith({ stripeAccount: ACCOUNT });
    const response = await handlers.sessions(json({ productId: 'beans', quantity: 2 }), context);
    expect(response.status).toBe(200);
    expect(lastSent().headers['stripe-account']).toBe(ACCOUNT);
    const id = /cs_test_\w+/.exec(((await response.json()) as { url: string }).url)![0];
    expect((await stripe.checkout.sessions.retrieve(id, {}, { stripeAccount: ACCOUNT })).amount_total).toBe(3000);
    const status = await handlers.status(new Request(`https://shop.example/api/checkout-session-status?session_id=${id}`), context);
    expect(status.status).toBe(200);
    // The platform's status route does not see it.
    expect(
      (await handlersWith().status(new Request(`https://shop.example/api/checkout-session-status?session_id=${id}`), context)).status,
    ).toBe(404);
    expect((await handlers.sessions(form({ productId: 'beans' }), context)).status).toBe(303);
    expect(lastSent().headers['stripe-account']).toBe(ACCOUNT);
  });

  it('extra Stripe parameters from the hook are sent; ours win where both speak; a retry under the key sends the first bytes', async () => {
    let campaign = 'spring';
    const handlers = handlersWith({
      extraParams: (order) => ({
        submit_type: 'pay',
        mode: 'setup',
        metadata: { campaign, product_id: 'forged' },
        client_reference_id: `${order.product.id}-${order.quantity}`,
      }),
    });
    const key = 'extra-params-key-0001';
    const first = await handlers.sessions(json({ productId: 'beans', quantity: 2 }, key), context);
    const sent = lastSent();
    expect(sent.params).toMatchObject({
      submit_type: 'pay',
      mode: 'payment',
      client_reference_id: 'beans-2',
      metadata: { campaign: 'spring', product_id: 'beans' },
    });
    campaign = 'summer';
    const retry = await handlers.sessions(json({ productId: 'beans', quantity: 2 }, key), context);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(lastSent().params).toEqual(sent.params);
    // The same key for another quantity is another request: refused, not sent.
    expect((await handlers.sessions(json({ productId: 'beans', quantity: 3 }, key), context)).status).toBe(409);
  });
});

describe('refused at start-up', () => {
  it('a product that says mode subscription instead of its interval, saying how', () => {
    expect(() => catalogOf([{ id: 'club', name: 'Coffee club', price: 'price_club', mode: 'subscription' } as unknown as Product])).toThrow(
      /"club" has mode "subscription": a plan says `recurring: \{ interval \}` instead/,
    );
  });

  it.each<[string, Product, RegExp]>([
    [
      'a Price and an inline price',
      { id: 'x', name: 'X', price: 'price_x', unitAmount: 1, currency: 'eur' } as unknown as Product,
      /names a Stripe Price and an inline price/,
    ],
    ['a Price id that is not one', { id: 'x', name: 'X', price: 'prod_x' }, /is not a Stripe Price id/],
    ['no price at all', { id: 'x', name: 'X' } as unknown as Product, /needs a unitAmount/],
    [
      'a quantity range upside down',
      { id: 'x', name: 'X', price: 'price_x', quantity: { min: 5, max: 2 } },
      /quantity must be whole numbers/,
    ],
    ["a range past Stripe's cap", { id: 'x', name: 'X', price: 'price_x', quantity: { min: 1, max: 1_000_000 } }, /<= 999999/],
  ])('%s', (_name, product, message) => {
    expect(() => catalogOf([product])).toThrow(message);
  });

  it('a connected account that is not an account id', () => {
    expect(() => handlersWith({ stripeAccount: 'acme' })).toThrow(/stripeAccount must be a connected account's id \(acct_…\)/);
  });
});
