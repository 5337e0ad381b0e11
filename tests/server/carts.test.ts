/** @jest-environment node */
// Carts and plans from the button's JSON and the plain form: every line checked against the catalog
// and the cart against Stripe's limits before Stripe is called (a 400 sentence, or the form's page in
// the person's language), and the one session sent with those lines, accepted by the API stand-in.
import Stripe from 'stripe';
import { createCheckoutHandlers, type CheckoutHandlers } from '../../server/routes';
import { catalogOf, type Product } from '../../server/sessions/catalog';
import { checkCart, MAX_PAYMENT_LINES } from '../../server/sessions/cart';
import { checkoutSessionParams } from '../../server/sessions/sessionParams';
import { sqlFormSubmissions } from '../../server/form/formSubmissions';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { memoryOrders } from '../support/orders';

const PRODUCTS: Product[] = [
  { id: 'beans', name: 'Beans', unitAmount: 1200, currency: 'eur', quantity: { min: 1, max: 5 } },
  { id: 'mug', name: 'Mug', unitAmount: 800, currency: 'eur' },
  { id: 'papers', name: 'Papers', price: 'price_papers', currency: 'eur', quantity: { min: 1, max: 9 } },
  { id: 'dollar-mug', name: 'Mug (US)', unitAmount: 900, currency: 'usd' },
  { id: 'club', name: 'Club', unitAmount: 900, currency: 'eur', recurring: { interval: 'month' }, trialDays: 14 },
  { id: 'club-plus', name: 'Club plus', unitAmount: 1900, currency: 'eur', recurring: { interval: 'month' }, trialDays: 14 },
  { id: 'club-yearly', name: 'Club, yearly', unitAmount: 9000, currency: 'eur', recurring: { interval: 'year' } },
  { id: 'seat', name: 'Seat', price: 'price_seat', recurring: { interval: 'month' }, quantity: { min: 1, max: 50 } },
  ...Array.from({ length: 101 }, (_, i): Product => ({ id: `sku-${i}`, name: `Sku ${i}`, unitAmount: 100, currency: 'eur' })),
  ...Array.from({ length: 21 }, (_, i): Product => ({
    id: `plan-${i}`,
    name: `Plan ${i}`,
    unitAmount: 100,
    currency: 'eur',
    recurring: { interval: 'month' },
  })),
];
const catalog = catalogOf(PRODUCTS);

let standIn: StripeApiStandIn;
let stripe: Stripe;
let store: Awaited<ReturnType<typeof memoryOrders>>;
let handlers: CheckoutHandlers;

beforeAll(async () => {
  standIn = await startStripeApiStandIn({
    prices: [
      { id: 'price_papers', unitAmount: 400, currency: 'eur', productName: 'Papers' },
      { id: 'price_seat', unitAmount: 700, currency: 'eur', productName: 'Seat', type: 'recurring', recurring: { interval: 'month' } },
    ],
  });
  stripe = stripeForStandIn(standIn);
  store = await memoryOrders();
  handlers = createCheckoutHandlers({
    stripe,
    catalog,
    returnPage: 'https://shop.example/return',
    orders: store.orders,
    sessionRequests: store.sessionRequests,
    formSubmissions: sqlFormSubmissions(store.db),
    fulfil: async () => {},
    rateLimit: false,
    log: () => {},
  });
}, 30_000);
afterAll(async () => {
  await standIn.close();
  await store.db.close();
});

let keys = 0;
const json = (body: Record<string, unknown>, key = `cart-key-${++keys}-${Math.random()}`) =>
  new Request('https://shop.example/api/checkout-sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ mode: 'redirect', ...body }),
  });
const form = (fields: Array<[string, string]>, language = 'en') =>
  new Request('https://shop.example/api/checkout-sessions', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'same-origin',
      'Accept-Language': language,
      'User-Agent': `ua-${Math.random()}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
const context = { clientAddress: '198.51.100.30' };
const creates = () => standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
const lines = (...pairs: Array<[string, number?]>) => pairs.map(([productId, quantity]) => ({ productId, quantity }));

describe('checkCart refuses, naming what is wrong', () => {
  it.each<[string, Array<{ productId: unknown; quantity?: unknown }>, string, RegExp]>([
    ['an empty cart', [], 'cart', /cart is empty/],
    ['an unknown product', lines(['beans'], ['caviar']), 'product', /No product "caviar"/],
    ['a line without a product', [{ productId: 3 }], 'product', /Line 1 needs a productId/],
    ['a quantity outside its range', lines(['beans', 6]), 'quantity', /^quantity must be a whole number from 1 to 5/],
    ['a quantity that is no number', [{ productId: 'beans', quantity: '2.5' }], 'quantity', /from 1 to 5/],
    [
      'a repeated product whose merged quantity leaves its range',
      lines(['beans', 3], ['mug'], ['beans', 3]),
      'quantity',
      /^beans: quantity/,
    ],
    [
      'more than 100 lines',
      Array.from({ length: MAX_PAYMENT_LINES + 1 }, (_, i) => ({ productId: `sku-${i}` })),
      'cart',
      /at most 100 lines/,
    ],
    ['two currencies', lines(['beans'], ['dollar-mug']), 'cart', /one currency, not eur and usd/],
    ['plans billed at different periods', lines(['club'], ['club-yearly']), 'cart', /every 1 month and every 1 year/],
    ['plans with different trials', lines(['seat'], ['club']), 'cart', /share one trial/],
    ['more than 20 plans', Array.from({ length: 21 }, (_, i) => ({ productId: `plan-${i}` })), 'cart', /at most 20 plans and 20 one-time/],
    [
      'more than 20 one-time lines beside a plan',
      [{ productId: 'club' }, ...Array.from({ length: 21 }, (_, i) => ({ productId: `sku-${i}` }))],
      'cart',
      /at most 20 plans and 20 one-time/,
    ],
  ])('%s', (_, asked, reason, message) => {
    const checked = checkCart(asked, catalog);
    expect(checked).toMatchObject({ ok: false, reason });
    expect(!checked.ok && checked.message).toMatch(message);
  });

  it('merges a repeated product into one line, in the order first named', () => {
    const checked = checkCart(lines(['papers'], ['beans', 2], ['papers']), catalog);
    expect(checked.ok && checked.cart.lines.map((l) => [l.product.id, l.quantity])).toEqual([
      ['papers', 2],
      ['beans', 2],
    ]);
  });

  it('a cart with a plan is a subscription with its trial; without one, a payment', () => {
    expect(checkCart(lines(['club'], ['beans', 2]), catalog)).toMatchObject({ ok: true, cart: { mode: 'subscription', trialDays: 14 } });
    expect(checkCart(lines(['seat', 3]), catalog)).toEqual({
      ok: true,
      cart: expect.not.objectContaining({ trialDays: expect.anything() }),
    });
    expect(checkCart(lines(['beans'], ['papers']), catalog)).toMatchObject({ ok: true, cart: { mode: 'payment' } });
  });
});

describe('the catalog refuses at start-up', () => {
  it.each<[string, Partial<Product>, RegExp]>([
    ['a trial on a one-time product', { trialDays: 7 }, /has trialDays but is not a plan/],
    ['an interval Stripe does not bill', { recurring: { interval: 'hour' as 'day' } }, /day, week, month or year/],
    ['a period over 3 years', { recurring: { interval: 'month', intervalCount: 37 } }, /from 1 to 36/],
    ['a trial over 730 days', { recurring: { interval: 'month' }, trialDays: 731 }, /from 1 to 730/],
  ])('%s', (_, more, message) => {
    expect(() => catalogOf([{ id: 'x', name: 'X', unitAmount: 100, currency: 'eur', ...more } as Product])).toThrow(message);
  });
});

describe('the session sent', () => {
  it('a plan: subscription mode, the interval inline, the trial and our tag on the subscription, the one-time line beside it', () => {
    const checked = checkCart(lines(['club'], ['beans', 2]), catalog);
    if (!checked.ok) throw new Error(checked.message);
    const params = checkoutSessionParams(
      { cart: checked.cart, mode: 'redirect' },
      { returnPage: 'https://shop.example/r', integration: 'shop' },
    );
    expect(params).toMatchObject({
      mode: 'subscription',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 900, recurring: { interval: 'month', interval_count: 1 } },
          quantity: 1,
          metadata: { product_id: 'club' },
        },
        { price_data: { currency: 'eur', unit_amount: 1200 }, quantity: 2, metadata: { product_id: 'beans' } },
      ],
      metadata: { integration: 'shop', lines: '2' },
      subscription_data: { trial_period_days: 14, metadata: { integration: 'shop' } },
    });
  });

  it('a three-line cart from JSON: one session, its lines in order, accepted by the stand-in', async () => {
    const res = await handlers.sessions(json({ lines: lines(['beans', 2], ['papers', 3], ['mug']) }), context);
    expect(res.status).toBe(200);
    const sent = creates().at(-1)!.params as { line_items: Array<Record<string, unknown>>; mode: string };
    expect(sent.mode).toBe('payment');
    expect(sent.line_items.map((line) => [(line.metadata as Record<string, string>).product_id, line.quantity])).toEqual([
      ['beans', '2'],
      ['papers', '3'],
      ['mug', '1'],
    ]);
  });

  it('a plan priced in Stripe, in embedded mode: a subscription session with a client secret', async () => {
    const res = await handlers.sessions(json({ lines: lines(['seat', 3]), mode: 'embedded' }), context);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ clientSecret: expect.stringMatching(/_secret_/) });
    expect(creates().at(-1)!.params).toMatchObject({ mode: 'subscription', ui_mode: 'embedded_page' });
  });

  it('the same Idempotency-Key is the same cart: a retry gets the same session, another cart under it is refused 409', async () => {
    const key = `cart-retry-${Math.random()}`;
    const first = await handlers.sessions(json({ lines: lines(['beans'], ['mug']) }, key), context);
    const again = await handlers.sessions(json({ lines: lines(['beans'], ['mug']) }, key), context);
    expect(await again.json()).toEqual(await first.json());
    expect((await handlers.sessions(json({ lines: lines(['beans'], ['mug', 1], ['papers']) }, key), context)).status).toBe(409);
  });
});

describe('refused before Stripe is called', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['productId and lines both', { productId: 'beans', lines: lines(['mug']) }, /either productId or lines/],
    ['lines that are not objects', { lines: ['beans'] }, /lines must be an array/],
    ['two currencies', { lines: lines(['beans'], ['dollar-mug']) }, /one currency/],
    ['plans of two periods', { lines: lines(['club'], ['club-yearly']) }, /billed together/],
    ['an unknown product in a cart', { lines: lines(['beans'], ['caviar']) }, /No product "caviar"/],
  ])('JSON: %s is a 400 with a sentence', async (_, body, message) => {
    const before = creates().length;
    const res = await handlers.sessions(json(body), context);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(creates().length).toBe(before);
  });

  it.each([
    ['en', 'cannot take these items as one payment'],
    ['fr', 'ne peut pas encaisser ces articles'],
    ['de', 'nicht in einer Zahlung abrechnen'],
    ['es', 'no puede cobrar estos artículos'],
    ['it', 'non può addebitare questi articoli'],
    ['nl', 'niet in één betaling afrekenen'],
    ['pt', 'não pode cobrar estes itens'],
    ['ja', '1回のお支払いにまとめられない'],
  ])("the form's cart of two currencies: the refusal page in %s", async (language, sentence) => {
    const fields: Array<[string, string]> = [
      ['lines[0][productId]', 'beans'],
      ['lines[1][productId]', 'dollar-mug'],
    ];
    const page = await handlers.sessions(form(fields, language), context);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(sentence);
  });

  it.each<[string, Array<[string, string]>, string]>([
    [
      'productId and lines both',
      [
        ['productId', 'beans'],
        ['lines[0][productId]', 'mug'],
      ],
      'not set up correctly',
    ],
    [
      'a quantity without its product',
      [
        ['lines[0][productId]', 'beans'],
        ['lines[1][quantity]', '2'],
      ],
      'not set up correctly',
    ],
    [
      'a field sent twice',
      [
        ['lines[0][productId]', 'beans'],
        ['lines[0][productId]', 'mug'],
      ],
      'not set up correctly',
    ],
    [
      'a quantity out of range',
      [
        ['lines[0][productId]', 'beans'],
        ['lines[0][quantity]', '6'],
        ['lines[1][productId]', 'mug'],
      ],
      'this quantity',
    ],
    ['an unknown product', [['lines[0][productId]', 'caviar']], 'does not sell this product'],
  ])('the form: %s is refused with its page', async (_, fields, sentence) => {
    const page = await handlers.sessions(form(fields), context);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(sentence);
  });

  it('the form: indexed lines in index order, blank rows skipped, one 303 to one session', async () => {
    const fields: Array<[string, string]> = [
      ['lines[2][productId]', 'mug'],
      ['lines[0][productId]', 'beans'],
      ['lines[0][quantity]', '2'],
      ['lines[1][productId]', ''],
      ['lines[10][productId]', 'papers'],
      ['lines[10][quantity]', '3'],
    ];
    const res = await handlers.sessions(form(fields), context);
    expect(res.status).toBe(303);
    const sent = creates().at(-1)!.params as { line_items: Array<{ metadata: { product_id: string }; quantity: string }> };
    expect(sent.line_items.map((line) => [line.metadata.product_id, line.quantity])).toEqual([
      ['beans', '2'],
      ['mug', '1'],
      ['papers', '3'],
    ]);
  });
});
