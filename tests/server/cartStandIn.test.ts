/** @jest-environment node */
// The API stand-in refuses what Stripe refuses of a cart by mode, and lists a session's line items as
// Stripe does (amounts, the Price, quantities, every page), driven by the `stripe` library.
import Stripe from 'stripe';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';

let standIn: StripeApiStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeApiStandIn({
    prices: [
      { id: 'price_club', unitAmount: 900, currency: 'eur', productName: 'Club', type: 'recurring', recurring: { interval: 'month' } },
    ],
  });
  stripe = stripeForStandIn(standIn);
});
afterAll(() => standIn.close());

type Line = Stripe.Checkout.SessionCreateParams.LineItem;
const oneTime = (unit_amount = 1200, currency = 'eur'): Line => ({
  price_data: { currency, unit_amount, product_data: { name: 'Beans' } },
  quantity: 1,
});
const monthly = (interval: 'month' | 'year' = 'month'): Line => ({
  price_data: { currency: 'eur', unit_amount: 900, product_data: { name: 'Club' }, recurring: { interval } },
  quantity: 1,
});
const session = (mode: 'payment' | 'subscription', line_items: Line[], more: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({ mode, line_items, success_url: 'https://shop.example/', ...more });
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Stripe.errors.StripeError) => ({ type: error.type, param: error.param, message: error.message }),
  );

it.each<[string, () => Promise<unknown>, RegExp]>([
  ['a recurring inline price in payment mode', () => session('payment', [monthly()]), /`payment` mode but passed a recurring price/],
  ['a recurring Price in payment mode', () => session('payment', [{ price: 'price_club', quantity: 1 }]), /recurring price/],
  ['a subscription with no recurring price', () => session('subscription', [oneTime()]), /at least one recurring price/],
  ['plans of two intervals', () => session('subscription', [monthly(), monthly('year')]), /same `recurring.interval`/],
  ['two currencies', () => session('payment', [oneTime(), oneTime(100, 'usd')]), /same currency/],
  [
    '101 lines in payment mode',
    () =>
      session(
        'payment',
        Array.from({ length: 101 }, () => oneTime()),
      ),
    /up to 100 line items/,
  ],
  [
    '21 recurring lines',
    () =>
      session(
        'subscription',
        Array.from({ length: 21 }, () => monthly()),
      ),
    /up to 20 line items with recurring/,
  ],
  [
    'a trial in payment mode',
    () => session('payment', [oneTime()], { subscription_data: { trial_period_days: 7 } }),
    /only specify `subscription_data` in `subscription`/,
  ],
  ['a trial of 0 days', () => session('subscription', [monthly()], { subscription_data: { trial_period_days: 0 } }), /between 1 and 730/],
])('refuses %s as Stripe does (invalid_request_error)', async (_, create, message) => {
  const error = await refused(create());
  expect(error).toMatchObject({ type: 'StripeInvalidRequestError' });
  expect(error?.message).toMatch(message);
});

it('lists line items as Stripe does: amounts, Price, quantity, metadata, and every page through auto-pagination', async () => {
  const lines = Array.from({ length: 12 }, (_, i): Line => ({ ...oneTime(100 + i), quantity: 2, metadata: { product_id: `p${i}` } }));
  const created = await session('payment', lines);
  const first = await stripe.checkout.sessions.listLineItems(created.id, { limit: 5 });
  expect(first).toMatchObject({ object: 'list', has_more: true, url: `/v1/checkout/sessions/${created.id}/line_items` });
  expect(first.data[0]).toMatchObject({
    object: 'item',
    quantity: 2,
    amount_subtotal: 200,
    amount_discount: 0,
    amount_total: 200,
    currency: 'eur',
    description: 'Beans',
    metadata: { product_id: 'p0' },
    price: { object: 'price', unit_amount: 100, type: 'one_time' },
  });
  const all: Stripe.LineItem[] = [];
  for await (const item of stripe.checkout.sessions.listLineItems(created.id, { limit: 5 })) all.push(item);
  expect(all.map((item) => item.metadata?.product_id)).toEqual(lines.map((line) => line.metadata!.product_id));
});

it('a plan with a trial and a one-time line: nothing recurring charged now; completed with a subscription and a customer', async () => {
  const created = await session('subscription', [monthly(), oneTime(500)], {
    subscription_data: { trial_period_days: 14, metadata: { integration: 'checkout-button' } },
  });
  expect(created.amount_total).toBe(500);
  await standIn.complete(created.id, 'paid');
  const done = await stripe.checkout.sessions.retrieve(created.id);
  expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: null });
  expect(done.subscription).toMatch(/^sub_/);
  expect(done.customer).toMatch(/^cus_/);
  // The subscription the session started is Stripe's own object from then on: retrievable, in its
  // trial, carrying subscription_data's metadata (what a renewal's events carry), for that customer.
  const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
  expect(subscription).toMatchObject({ status: 'trialing', customer: done.customer, metadata: { integration: 'checkout-button' } });
  expect(subscription.items.data.map((item) => item.quantity)).toEqual([1]);
  expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * 86_400);
});
