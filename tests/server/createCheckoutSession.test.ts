/** @jest-environment node */
// The session endpoint against the Stripe API stand-in, through the official `stripe` library: what
// the button sends in, what Stripe gets, what the button gets back, and every refusal a 4xx or a
// readable non-2xx (the button's session_failed), never a stack or a key.
import Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { DEFAULT_INTEGRATION } from '../../server/orders/ourSession';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../server/routes';
import type { ClientLimits } from '../../server/limits/rateLimit';
import * as sessionParams from '../../server/sessions/sessionParams';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { memoryOrders } from '../support/orders';
import { serveRoutes, type Served } from '../support/serveHandler';

const RETURN_PAGE = 'https://shop.example/checkout/return';
let standIn: StripeApiStandIn;
let server: Served;
const logged: string[] = [];

let store: Awaited<ReturnType<typeof memoryOrders>>;

async function start(stripe: Stripe, rateLimit: ClientLimits | false = false): Promise<Served> {
  const routes = createCheckoutHandlers({
    stripe,
    catalog: catalogOf(DEMO_PRODUCTS),
    returnPage: RETURN_PAGE,
    orders: store.orders,
    sessionRequests: store.sessionRequests,
    fulfil: async () => {},
    rateLimit,
    log: (m) => logged.push(m),
  });
  return serveRoutes(routes);
}

beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  store = await memoryOrders();
  server = await start(stripeForStandIn(standIn));
}, 30_000);
afterAll(async () => {
  await server.close();
  await standIn.close();
  await store.db.close();
});

let keys = 0;
function post(body: unknown, { key = `button-key-${++keys}-0000`, type = 'application/json', base = server.url, method = 'POST' } = {}) {
  return fetch(`${base}${CHECKOUT_PATHS.sessions}`, {
    method,
    headers: { 'Content-Type': type, 'Idempotency-Key': key },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const lastSent = () => standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;

describe('POST /api/checkout-sessions', () => {
  it('redirect mode: { url } on checkout.stripe.com, a hosted_page session priced from the catalog', async () => {
    const res = await post({ productId: 'coffee-beans-1kg', mode: 'redirect' }, { key: 'the-buttons-key-1' });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { url: string };
    expect(Object.keys(reply)).toEqual(['url']);
    expect(new URL(reply.url).origin).toBe('https://checkout.stripe.com');
    const sent = lastSent();
    expect(sent.headers['idempotency-key']).toBe('the-buttons-key-1');
    expect(sent.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(sent.params).toEqual({
      mode: 'payment',
      ui_mode: 'hosted_page',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: '1200', product_data: { name: 'Coffee beans, 1 kg' } },
          quantity: '1',
          metadata: { product_id: 'coffee-beans-1kg' },
        },
      ],
      metadata: { product_id: 'coffee-beans-1kg', integration: DEFAULT_INTEGRATION, quantity: '1' },
      success_url: `${RETURN_PAGE}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${RETURN_PAGE}?checkout=canceled`,
    });
  });

  it('embedded mode: { clientSecret }, an embedded_page session with a return_url and no success_url', async () => {
    const res = await post({ productId: 'coffee-beans-1kg', mode: 'embedded' }, { key: 'the-buttons-key-2' });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { clientSecret: string };
    expect(Object.keys(reply)).toEqual(['clientSecret']);
    expect(reply.clientSecret).toMatch(/^cs_test_\w+_secret_\w+$/);
    const sent = lastSent();
    expect(sent.headers['idempotency-key']).toBe('the-buttons-key-2');
    expect(sent.params).toMatchObject({ ui_mode: 'embedded_page', return_url: `${RETURN_PAGE}?session_id={CHECKOUT_SESSION_ID}` });
    expect(sent.params).not.toHaveProperty('success_url');
    expect(sent.params).not.toHaveProperty('cancel_url');
    // No cookie names it: another tab's session would overwrite it; onComplete names the session itself.
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('wallets mode: { clientSecret, expiresAt, expiresIn }, an elements session that expires in an hour, with a return_url only', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post({ productId: 'coffee-beans-1kg', mode: 'wallets' }, { key: 'the-wallet-session-key' });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { clientSecret: string; expiresAt: number; expiresIn: number };
    expect(Object.keys(reply)).toEqual(['clientSecret', 'expiresAt', 'expiresIn']);
    // The seconds left on the server's clock: what the button counts down, whatever the device's clock says.
    expect(reply.expiresIn).toBeGreaterThanOrEqual(sessionParams.WALLET_SESSION_SECONDS - 5);
    expect(reply.expiresIn).toBeLessThanOrEqual(sessionParams.WALLET_SESSION_SECONDS);
    expect(reply.clientSecret).toMatch(/^cs_test_\w+_secret_\w+$/);
    expect(reply.expiresAt - before).toBeGreaterThanOrEqual(sessionParams.WALLET_SESSION_SECONDS);
    expect(reply.expiresAt - before).toBeLessThanOrEqual(sessionParams.WALLET_SESSION_SECONDS + 5);
    const sent = lastSent();
    expect(sent.headers['idempotency-key']).toBe('the-wallet-session-key');
    expect(sent.params).toMatchObject({
      ui_mode: 'elements',
      return_url: `${RETURN_PAGE}?session_id={CHECKOUT_SESSION_ID}`,
      expires_at: String(reply.expiresAt),
    });
    expect(sent.params).not.toHaveProperty('success_url');
    expect(sent.params).not.toHaveProperty('cancel_url');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it("the button's retry with the same key gets the same session (Stripe replays it)", async () => {
    const body = { productId: 'coffee-beans-1kg', mode: 'redirect' };
    const first = (await (await post(body, { key: 'retried-click-key' })).json()) as { url: string };
    const again = (await (await post(body, { key: 'retried-click-key' })).json()) as { url: string };
    expect(again.url).toBe(first.url);
  });

  it('a wallet session retried over a second later under one key, on another instance, resends the first parameters and gets the same session', async () => {
    const body = { productId: 'coffee-beans-1kg', mode: 'wallets' };
    const first = await post(body, { key: 'wallet-retry-key-0001' });
    expect(first.status).toBe(200);
    const firstReply = (await first.json()) as { clientSecret: string; expiresAt: number; expiresIn: number };
    const firstSent = lastSent();
    // A second later `expires_at` computed anew would differ, and Stripe refuses other parameters under one key.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const otherInstance = await start(stripeForStandIn(standIn));
    try {
      const retry = await post(body, { key: 'wallet-retry-key-0001', base: otherInstance.url });
      expect(retry.status).toBe(200);
      // The same session; only the seconds it has left went down while the retry waited.
      const { expiresIn, ...same } = (await retry.json()) as typeof firstReply;
      expect(same).toEqual({ clientSecret: firstReply.clientSecret, expiresAt: firstReply.expiresAt });
      expect(expiresIn).toBeLessThan(firstReply.expiresIn);
      expect(expiresIn).toBeGreaterThan(firstReply.expiresIn - 30);
      const retrySent = lastSent();
      expect(retrySent.status).toBe(200);
      expect(retrySent.params).toEqual(firstSent.params);
    } finally {
      await otherInstance.close();
    }
  });

  it('a retry while the first request still runs at Stripe gets 409 (try again), and a later retry the one session', async () => {
    const slow = await startStripeApiStandIn();
    const served = await start(stripeForStandIn(slow));
    const hold = slow.holdCreates();
    try {
      const body = { productId: 'coffee-beans-1kg', mode: 'wallets' };
      const first = post(body, { key: 'slow-stripe-key-0001', base: served.url });
      await hold.reached(1); // the first create runs at Stripe, and stays there until released
      const concurrent = await post(body, { key: 'slow-stripe-key-0001', base: served.url });
      expect(concurrent.status).toBe(409);
      expect(await concurrent.json()).toEqual({ error: expect.stringContaining('still running at Stripe') });
      hold.release();
      type WalletReply = { clientSecret: string; expiresAt: number; expiresIn: number };
      const { expiresIn: firstLeft, ...reply } = (await (await first).json()) as WalletReply;
      const later = await post(body, { key: 'slow-stripe-key-0001', base: served.url });
      // The one session; only its seconds left may have gone down since (a second boundary passed).
      const { expiresIn: laterLeft, ...same } = (await later.json()) as WalletReply;
      expect(same).toEqual(reply);
      expect(laterLeft).toBeLessThanOrEqual(firstLeft);
    } finally {
      hold.release();
      await served.close();
      await slow.close();
    }
  });

  it('a key first used for another mode is refused with 409, and Stripe is not asked', async () => {
    expect((await post({ productId: 'coffee-beans-1kg', mode: 'redirect' }, { key: 'one-key-two-requests' })).status).toBe(200);
    const before = standIn.requests.length;
    const res = await post({ productId: 'coffee-beans-1kg', mode: 'embedded' }, { key: 'one-key-two-requests' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.stringContaining('first used for another product, quantity or mode') });
    expect(standIn.requests.length).toBe(before);
  });

  it("every session is tagged as this integration's (metadata.integration), for the webhook and reconcile to know it", async () => {
    await post({ productId: 'coffee-beans-1kg', mode: 'embedded' });
    expect(lastSent().params.metadata).toEqual({ product_id: 'coffee-beans-1kg', integration: DEFAULT_INTEGRATION, quantity: '1' });
  });

  it.each<[string, number, unknown, { type?: string; key?: string; method?: string }, RegExp]>([
    ['an unknown product', 400, { productId: 'caviar', mode: 'redirect' }, {}, /No product "caviar"/],
    ['an amount instead of a product', 400, { amount: 1, mode: 'redirect' }, {}, /productId/],
    ['a bad mode', 400, { productId: 'coffee-beans-1kg', mode: 'hosted_page' }, {}, /mode must be "redirect", "embedded" or "wallets"/],
    ['a body that is not JSON', 400, '{productId:', {}, /not JSON/],
    [
      'a body that is not declared JSON (a form post is answered by the form path)',
      415,
      'productId: coffee-beans-1kg',
      { type: 'application/yaml' },
      /JSON/,
    ],
    ['no Idempotency-Key', 400, { productId: 'coffee-beans-1kg', mode: 'redirect' }, { key: '' }, /Idempotency-Key/],
    ['the wrong method', 405, null, { method: 'GET' }, /Use POST/],
  ])('refuses %s with a %i JSON reply, and asks Stripe nothing', async (_name, status, body, options, message) => {
    const before = standIn.requests.length;
    const res = await post(body, options);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
    expect(standIn.requests.length).toBe(before);
  });

  it("a server still sending the retired ui_mode 'embedded' gets no session: the stand-in refuses it as the API does", async () => {
    const current = sessionParams.checkoutSessionParams;
    const stale = jest
      .spyOn(sessionParams, 'checkoutSessionParams')
      .mockImplementation((...args) => ({ ...current(...args), ui_mode: 'embedded' }));
    try {
      const res = await post({ productId: 'coffee-beans-1kg', mode: 'embedded' });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: expect.stringContaining('(ui_mode): Invalid ui_mode: must be one of elements, embedded_page, form, or hosted_page'),
      });
    } finally {
      stale.mockRestore();
    }
  });

  it('a refused key becomes a readable 502 that names the setting, not the key', async () => {
    const other = await start(
      new Stripe('sk_live_secretValue1234', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 }),
    );
    try {
      const res = await post({ productId: 'coffee-beans-1kg', mode: 'redirect' }, { base: other.url });
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: expect.stringContaining('check STRIPE_SECRET_KEY') });
      expect(text).not.toMatch(/secretValue|sk_live|at .*\.ts/);
    } finally {
      await other.close();
    }
  });

  it('Stripe refusing a parameter becomes a readable 502 with its reason (here: the stand-in refuses another API version)', async () => {
    const old = new Stripe('sk_test_standIn', {
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      apiVersion: '2025-01-27.acacia' as Stripe.LatestApiVersion,
    });
    const other = await start(old);
    try {
      const res = await post({ productId: 'coffee-beans-1kg', mode: 'embedded' }, { base: other.url });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: expect.stringMatching(/^Stripe refused a parameter while creating the Checkout Session: Invalid Stripe API version/),
      });
      expect(logged.at(-1)).toMatch(/Invalid Stripe API version/);
    } finally {
      await other.close();
    }
  });

  it('Stripe out of reach becomes a 502 that says so', async () => {
    const other = await start(new Stripe('sk_test_standIn', { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 }));
    try {
      const res = await post({ productId: 'coffee-beans-1kg', mode: 'redirect' }, { base: other.url });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'Stripe could not be reached while creating the Checkout Session.' });
    } finally {
      await other.close();
    }
  });
});
