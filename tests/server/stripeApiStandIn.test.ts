/** @jest-environment node */
// The Stripe API stand-in, driven by the official `stripe` library as our server drives it: it must
// refuse what the real API refuses at the version it models, or a test against it proves nothing.
import Stripe from 'stripe';
import { MODELLED_API_VERSION, startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { decodeForm } from '../../stand-ins/formBody';

let standIn: StripeApiStandIn;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  stripe = stripeForStandIn(standIn);
});
afterAll(() => standIn.close());

const line = { price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Coffee beans, 1 kg' } }, quantity: 1 };
const hosted: Stripe.Checkout.SessionCreateParams = {
  mode: 'payment',
  ui_mode: 'hosted_page',
  line_items: [line],
  success_url: 'http://shop.test/?session_id={CHECKOUT_SESSION_ID}',
};
const embedded: Stripe.Checkout.SessionCreateParams = {
  mode: 'payment',
  ui_mode: 'embedded_page',
  line_items: [line],
  return_url: 'http://shop.test/?session_id={CHECKOUT_SESSION_ID}',
};
const elements: Stripe.Checkout.SessionCreateParams = {
  mode: 'payment',
  ui_mode: 'elements',
  line_items: [line],
  return_url: 'http://shop.test/?session_id={CHECKOUT_SESSION_ID}',
};
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

/** What the library raised, in the fields a Stripe error has. */
async function refusal(params: Stripe.Checkout.SessionCreateParams, client = stripe) {
  const error = await client.checkout.sessions.create(params).then(
    () => null,
    (e: Stripe.errors.StripeError) => e,
  );
  if (!error) throw new Error(`the stand-in accepted ${JSON.stringify(params)}`);
  return {
    class: error.constructor.name,
    status: error.statusCode,
    type: error.type,
    code: error.code,
    param: error.param,
    message: error.message,
  };
}

describe('the Stripe API stand-in accepts the current parameters', () => {
  it('hosted_page: a session whose url is an https page on checkout.stripe.com', async () => {
    const session = await stripe.checkout.sessions.create(hosted);
    expect(session).toMatchObject({
      object: 'checkout.session',
      ui_mode: 'hosted_page',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 1200,
      currency: 'eur',
      client_secret: null,
    });
    expect(new URL(session.url!).origin).toBe('https://checkout.stripe.com');
    expect(session.id).toMatch(/^cs_test_\w+$/);
  });

  it('embedded_page: a client secret and no url', async () => {
    const session = await stripe.checkout.sessions.create(embedded);
    expect(session.url).toBeNull();
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_\\w+$`));
  });

  it('elements: a client secret for the Elements SDK, no url, and the expiry asked for', async () => {
    const expiresAt = inSeconds(3600);
    const session = await stripe.checkout.sessions.create({ ...elements, expires_at: expiresAt });
    expect(session).toMatchObject({ ui_mode: 'elements', url: null, success_url: null, cancel_url: null, expires_at: expiresAt });
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_\\w+$`));
  });

  it('records what the library sent: the API version, the idempotency key, the form-encoded parameters', async () => {
    await stripe.checkout.sessions.create(hosted, { idempotencyKey: 'key-recorded-0001' });
    const sent = standIn.requests[standIn.requests.length - 1];
    expect(sent.headers['stripe-version']).toBe(MODELLED_API_VERSION);
    expect(Stripe.API_VERSION).toBe(MODELLED_API_VERSION);
    expect(sent.headers['idempotency-key']).toBe('key-recorded-0001');
    expect(sent.params).toEqual({
      ...hosted,
      line_items: [{ ...line, quantity: '1', price_data: { ...line.price_data, unit_amount: '1200' } }],
    });
  });

  it('reads a session back, with its payment intent expanded once there is one', async () => {
    const { id } = await stripe.checkout.sessions.create(hosted);
    expect(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] })).toMatchObject({
      id,
      status: 'open',
      payment_intent: null,
    });
    const { returnUrl } = await standIn.complete(id, 'processing');
    expect(returnUrl).toBe(`http://shop.test/?session_id=${id}`);
    const later = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
    expect(later).toMatchObject({
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: { object: 'payment_intent', status: 'processing' },
    });
    expect((await stripe.checkout.sessions.retrieve(id)).payment_intent).toMatch(/^pi_test_/);
  });
});

describe('the Stripe API stand-in completes a setup session as Stripe does', () => {
  it('no payment: payment_status no_payment_required, a SetupIntent and no PaymentIntent', async () => {
    const { id } = await stripe.checkout.sessions.create({ mode: 'setup', currency: 'eur', success_url: 'http://shop.test/' });
    await standIn.complete(id, 'paid');
    const session = await stripe.checkout.sessions.retrieve(id);
    expect(session).toMatchObject({
      mode: 'setup',
      status: 'complete',
      payment_status: 'no_payment_required',
      payment_intent: null,
      currency: 'eur',
    });
    expect(session.setup_intent).toMatch(/^seti_test_/);
  });
});

describe('the Stripe API stand-in refuses what the API at its version refuses', () => {
  it.each(['embedded', 'hosted', 'custom'])('the retired ui_mode %p', async (uiMode) => {
    // The library's type accepts any string here: only a refusing server catches a stale value.
    const params = uiMode === 'embedded' ? { ...embedded, ui_mode: uiMode } : { ...hosted, ui_mode: uiMode };
    expect(await refusal(params)).toMatchObject({
      class: 'StripeInvalidRequestError',
      status: 400,
      type: 'StripeInvalidRequestError',
      param: 'ui_mode',
      message: 'Invalid ui_mode: must be one of elements, embedded_page, form, or hosted_page',
    });
  });

  it.each<[string, Stripe.Checkout.SessionCreateParams, Record<string, unknown>]>([
    ['embedded_page without return_url', { ...embedded, return_url: undefined }, { param: 'return_url', code: 'parameter_missing' }],
    ['embedded_page with success_url', { ...embedded, success_url: 'http://shop.test/ok' }, { param: 'success_url' }],
    ['hosted_page without success_url', { ...hosted, success_url: undefined }, { param: 'success_url', code: 'parameter_missing' }],
    ['hosted_page with return_url', { ...hosted, return_url: 'http://shop.test/' }, { param: 'return_url' }],
    [
      'a line item without a price',
      { ...hosted, line_items: [{ quantity: 1 }] },
      { param: 'line_items[0][price]', code: 'parameter_missing' },
    ],
    [
      'a line item with both price and price_data',
      { ...hosted, line_items: [{ ...line, price: 'price_1' }] },
      { code: 'parameters_exclusive' },
    ],
    ['no line items in payment mode', { ...hosted, line_items: undefined }, { param: 'line_items', code: 'parameter_missing' }],
    ['a missing mode', { ...hosted, mode: undefined }, { param: 'mode', code: 'parameter_missing' }],
    ['an invalid mode', { ...hosted, mode: 'pay' }, { param: 'mode' }],
    ['a success_url that is not a URL', { ...hosted, success_url: 'not a url' }, { param: 'success_url', code: 'url_invalid' }],
    ['elements without return_url', { ...elements, return_url: undefined }, { param: 'return_url', code: 'parameter_missing' }],
    [
      'elements with success_url',
      { ...elements, success_url: 'http://shop.test/ok' },
      { param: 'success_url', message: expect.stringContaining("'ui_mode: elements'") },
    ],
    ['elements with cancel_url', { ...elements, cancel_url: 'http://shop.test/back' }, { param: 'cancel_url' }],
    ['elements with submit_type', { ...elements, submit_type: 'pay' }, { param: 'submit_type' }],
    ['elements with custom_text', { ...elements, custom_text: { submit: { message: 'Thanks' } } }, { param: 'custom_text' }],
    ['elements with redirect_on_completion', { ...elements, redirect_on_completion: 'if_required' }, { param: 'redirect_on_completion' }],
    ['elements with after_expiration', { ...elements, after_expiration: { recovery: { enabled: true } } }, { param: 'after_expiration' }],
    ['an expiry under 30 minutes away', { ...elements, expires_at: inSeconds(60) }, { param: 'expires_at' }],
    ['an expiry over 24 hours away', { ...elements, expires_at: inSeconds(25 * 3600) }, { param: 'expires_at' }],
    [
      'an unknown parameter',
      { ...hosted, sucess_url: 'x' } as Stripe.Checkout.SessionCreateParams,
      { param: 'sucess_url', code: 'parameter_unknown' },
    ],
  ])('%s', async (_name, params, expected) => {
    expect(await refusal(params)).toMatchObject({ class: 'StripeInvalidRequestError', status: 400, ...expected });
  });

  it('an API version it does not model', async () => {
    const old = new Stripe('sk_test_standIn', {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      apiVersion: '2025-03-31.basil' as Stripe.LatestApiVersion,
    });
    expect(await refusal(embedded, old)).toMatchObject({
      status: 400,
      message: expect.stringContaining('Invalid Stripe API version: 2025-03-31.basil'),
    });
  });

  it('a key that is not a test secret key, without echoing it', async () => {
    const live = new Stripe('sk_live_abcdefghijklmnop', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
    const error = await refusal(hosted, live);
    expect(error).toMatchObject({ class: 'StripeAuthenticationError', status: 401 });
    expect(error.message).not.toContain('abcdefghijklmnop');
  });

  it('an unknown session: 404 resource_missing', async () => {
    const error = await stripe.checkout.sessions.retrieve('cs_test_nope').catch((e: Stripe.errors.StripeError) => e);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nope'" });
  });
});

describe('idempotency, as Stripe keeps it', () => {
  it('the same key with the same parameters returns the same session, replayed', async () => {
    const first = await stripe.checkout.sessions.create(hosted, { idempotencyKey: 'same-key-same-params' });
    const again = await stripe.checkout.sessions.create(hosted, { idempotencyKey: 'same-key-same-params' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('the same key with other parameters is an idempotency error', async () => {
    await stripe.checkout.sessions.create(hosted, { idempotencyKey: 'same-key-other-params' });
    const error = await stripe.checkout.sessions
      .create(embedded, { idempotencyKey: 'same-key-other-params' })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining("Try using a key other than 'same-key-other-params'"),
    });
  });

  it('a key whose first request is still running is refused 409 idempotency_error (idempotency_key_in_use); once it ran, the same request is replayed', async () => {
    const slow = await startStripeApiStandIn();
    const hold = slow.holdCreates();
    try {
      const client = stripeForStandIn(slow);
      const first = client.checkout.sessions.create(hosted, { idempotencyKey: 'in-flight-key-0001' });
      await hold.reached(1);
      const concurrent = await client.checkout.sessions
        .create(hosted, { idempotencyKey: 'in-flight-key-0001' })
        .catch((e: Stripe.errors.StripeError) => e);
      expect(concurrent).toBeInstanceOf(Stripe.errors.StripeError);
      expect(concurrent).toMatchObject({
        statusCode: 409,
        code: 'idempotency_key_in_use',
        raw: expect.objectContaining({ type: 'idempotency_error' }),
      });
      hold.release();
      const session = await first;
      const again = await client.checkout.sessions.create(hosted, { idempotencyKey: 'in-flight-key-0001' });
      expect(again.id).toBe(session.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      // Recorded as answered: the concurrent one first.
      expect(slow.requests.map((r) => r.status)).toEqual([409, 200, 200]);
    } finally {
      hold.release();
      await slow.close();
    }
  });

  it('the same key with other parameters is refused 400 even when only expires_at moved by a second', async () => {
    const expiresAt = inSeconds(3600);
    await stripe.checkout.sessions.create({ ...elements, expires_at: expiresAt }, { idempotencyKey: 'moved-expiry-key' });
    const error = await stripe.checkout.sessions
      .create({ ...elements, expires_at: expiresAt + 1 }, { idempotencyKey: 'moved-expiry-key' })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, raw: expect.objectContaining({ type: 'idempotency_error' }) });
  });

  it('a key is kept 24 hours: after that the same key makes a new session', async () => {
    let clock = Date.now();
    const aging = await startStripeApiStandIn({ now: () => clock });
    try {
      const client = stripeForStandIn(aging);
      const first = await client.checkout.sessions.create(hosted, { idempotencyKey: 'day-old-key-0001' });
      clock += 24 * 3600_000 + 1_000;
      const later = await client.checkout.sessions.create(hosted, { idempotencyKey: 'day-old-key-0001' });
      expect(later.id).not.toBe(first.id);
    } finally {
      await aging.close();
    }
  });

  it('a refused request keeps no result: the key can be used again once the parameters are right', async () => {
    const refused = await stripe.checkout.sessions
      .create({ ...hosted, ui_mode: 'hosted' }, { idempotencyKey: 'after-a-refusal' })
      .catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const ok = await stripe.checkout.sessions.create(hosted, { idempotencyKey: 'after-a-refusal' });
    expect(ok.status).toBe('open');
  });
});

describe('the form decoding', () => {
  it('nests bracketed keys and makes index-keyed objects arrays', () => {
    expect(decodeForm('a=1&b[c]=2&l[0][x]=3&l[1][x]=4&e[]=p&e[]=q&m[k]=v')).toEqual({
      a: '1',
      b: { c: '2' },
      l: [{ x: '3' }, { x: '4' }],
      e: ['p', 'q'],
      m: { k: 'v' },
    });
  });
});
