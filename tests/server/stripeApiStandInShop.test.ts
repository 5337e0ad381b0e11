/** @jest-environment node */
// The stand-in on the parameters a shop sends (Prices, quantities, promotion codes, the customer's
// email, a connected account): it refuses what Stripe refuses for each and does what Stripe does, or
// the server's tests against it prove nothing.
import Stripe from 'stripe';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';

const ACCOUNT = 'acct_1ShopTest';
let standIn: StripeApiStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeApiStandIn({
    prices: [
      { id: 'price_beans', unitAmount: 1200, currency: 'eur', productName: 'Beans' },
      { id: 'price_club', unitAmount: 900, currency: 'eur', productName: 'Coffee club', type: 'recurring' },
      { id: 'price_old', unitAmount: 1000, currency: 'eur', productName: 'Old beans', active: false },
      { id: 'price_theirs', unitAmount: 500, currency: 'usd', productName: 'Their mugs', account: ACCOUNT },
    ],
    connectedAccounts: [ACCOUNT],
  });
  stripe = stripeForStandIn(standIn);
});
afterAll(() => standIn.close());

const hosted = (
  lineItems: Stripe.Checkout.SessionCreateParams.LineItem[],
  more: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: lineItems,
  success_url: 'https://shop.example/',
  ...more,
});

async function refusal(params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions) {
  const error = await stripe.checkout.sessions.create(params, options).then(
    () => null,
    (e: Stripe.errors.StripeError) => e,
  );
  if (!error) throw new Error(`the stand-in accepted ${JSON.stringify(params)}`);
  return { class: error.constructor.name, status: error.statusCode, code: error.code, param: error.param, message: error.message };
}

describe('does what Stripe does', () => {
  it('a Price id: the session costs the price times the quantity, in its currency', async () => {
    const session = await stripe.checkout.sessions.create(hosted([{ price: 'price_beans', quantity: 3 }]));
    expect(session).toMatchObject({ amount_total: 3600, currency: 'eur' });
  });

  it('promotion codes and the customer email are on the session', async () => {
    const session = await stripe.checkout.sessions.create(
      hosted([{ price: 'price_beans', quantity: 1 }], { allow_promotion_codes: true, customer_email: 'jenny@example.com' }),
    );
    expect(session).toMatchObject({ allow_promotion_codes: true, customer_email: 'jenny@example.com' });
  });

  it("Stripe-Account scopes the session: the connected account's prices, and its sessions only through it", async () => {
    const session = await stripe.checkout.sessions.create(hosted([{ price: 'price_theirs', quantity: 2 }]), { stripeAccount: ACCOUNT });
    expect(session).toMatchObject({ amount_total: 1000, currency: 'usd' });
    expect((await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: ACCOUNT })).id).toBe(session.id);
    const fromPlatform = await stripe.checkout.sessions.retrieve(session.id).catch((e: Stripe.errors.StripeError) => e);
    expect(fromPlatform).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const listed = await stripe.checkout.sessions.list({ limit: 100 });
    expect(listed.data.map((s) => s.id)).not.toContain(session.id);
    const theirs = await stripe.checkout.sessions.list({ limit: 100 }, { stripeAccount: ACCOUNT });
    expect(theirs.data.map((s) => s.id)).toEqual([session.id]);
  });

  it('an idempotency key is per account: the same key on two accounts makes two sessions', async () => {
    const params = hosted([{ price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 }]);
    const mine = await stripe.checkout.sessions.create(params, { idempotencyKey: 'shop-key-0001' });
    const theirs = await stripe.checkout.sessions.create(params, { idempotencyKey: 'shop-key-0001', stripeAccount: ACCOUNT });
    expect(theirs.id).not.toBe(mine.id);
  });
});

describe('refuses what Stripe refuses', () => {
  it.each<[string, Stripe.Checkout.SessionCreateParams, Stripe.RequestOptions | undefined, Record<string, unknown>]>([
    [
      'a Price the account does not have',
      hosted([{ price: 'price_nope', quantity: 1 }]),
      undefined,
      { status: 400, code: 'resource_missing', param: 'line_items[0][price]', message: "No such price: 'price_nope'" },
    ],
    [
      "a connected account's Price, asked for on the platform",
      hosted([{ price: 'price_theirs', quantity: 1 }]),
      undefined,
      { status: 400, code: 'resource_missing' },
    ],
    [
      "the platform's Price, asked for on a connected account",
      hosted([{ price: 'price_beans', quantity: 1 }]),
      { stripeAccount: ACCOUNT },
      { status: 400, code: 'resource_missing' },
    ],
    [
      'price together with price_data',
      hosted([{ price: 'price_beans', price_data: { currency: 'eur', unit_amount: 1, product_data: { name: 'x' } }, quantity: 1 }]),
      undefined,
      { code: 'parameters_exclusive' },
    ],
    [
      'a recurring Price in payment mode',
      hosted([{ price: 'price_club', quantity: 1 }]),
      undefined,
      { status: 400, param: 'line_items[0][price]', message: expect.stringContaining('recurring price') },
    ],
    [
      'an archived Price',
      hosted([{ price: 'price_old', quantity: 1 }]),
      undefined,
      { status: 400, message: expect.stringContaining('inactive') },
    ],
    ['a quantity of 0', hosted([{ price: 'price_beans', quantity: 0 }]), undefined, { status: 400, param: 'line_items[0][quantity]' }],
    [
      'a quantity over 999999',
      hosted([{ price: 'price_beans', quantity: 1_000_000 }]),
      undefined,
      { status: 400, param: 'line_items[0][quantity]', message: expect.stringContaining('999999') },
    ],
    [
      'promotion codes together with discounts',
      hosted([{ price: 'price_beans', quantity: 1 }], { allow_promotion_codes: true, discounts: [{ coupon: 'SPRING' }] }),
      undefined,
      { code: 'parameters_exclusive', param: 'allow_promotion_codes' },
    ],
    [
      'an email that is not one',
      hosted([{ price: 'price_beans', quantity: 1 }], { customer_email: 'not-an-email' }),
      undefined,
      { code: 'email_invalid', param: 'customer_email' },
    ],
    [
      'customer_email together with customer',
      hosted([{ price: 'price_beans', quantity: 1 }], { customer_email: 'a@b.co', customer: 'cus_1' }),
      undefined,
      { code: 'parameters_exclusive' },
    ],
  ])('%s', async (_name, params, options, expected) => {
    expect(await refusal(params, options)).toMatchObject(expected);
  });

  it('an account this key cannot reach: 403, as Stripe answers it', async () => {
    expect(await refusal(hosted([{ price: 'price_beans', quantity: 1 }]), { stripeAccount: 'acct_1Stranger' })).toMatchObject({
      class: 'StripePermissionError',
      status: 403,
      code: 'account_invalid',
      message: expect.stringContaining("does not have access to account 'acct_1Stranger'"),
    });
  });
});
