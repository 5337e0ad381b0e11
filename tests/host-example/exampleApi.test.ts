/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createExampleApi, scenarioCsp } from '../../host-example/server/exampleApi';
import { publicConfig, readExampleConfig, type ExampleConfig } from '../../host-example/server/config';
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_REQUEST_TIMEOUT_MS } from '../../host-example/server/stripeSessions';

const mockCreate = jest.fn();
const mockRetrieve = jest.fn();
jest.mock('stripe', () => jest.fn().mockImplementation(() => ({ checkout: { sessions: { create: mockCreate, retrieve: mockRetrieve } } })));

const REMOTE = 'http://localhost:3001/mf-manifest.json';
const SECRET = 'sk_test_51Hsecretsecretsecret';
const CART = { items: [{ id: 'mug', quantity: 2 }, { id: 'beans', quantity: 1 }], mode: 'redirect' };

async function serve(config: ExampleConfig, dev = false) {
  const api = createExampleApi({ config, remoteUrl: REMOTE, dev, log: () => {} });
  const server = http.createServer(async (req, res) => {
    if (!(await api(req, res))) res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (path: string, body: unknown = CART, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return {
    base,
    post,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('demo mode', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve({ mode: 'demo' });
  });
  afterAll(() => s.close());

  it('tells the browser it is a demo, with no key', async () => {
    expect(await (await fetch(`${s.base}/api/config`)).json()).toEqual({ mode: 'demo', publishableKey: null, notice: null });
  });

  it('answers a Stripe-shaped session URL, priced from the catalogue, that the success page can look up', async () => {
    const response = await s.post('/api/checkout-sessions');
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_demo_[a-z0-9]+$/);
    const id = url.split('/').pop();
    const summary = await (await fetch(`${s.base}/api/checkout-sessions/${id}`)).json();
    expect(summary).toMatchObject({ id, status: 'open', paid: false, amountTotal: 2 * 1800 + 1450, currency: 'eur', demo: true });
    const paid = await (await s.post(`/api/checkout-sessions/${id}/complete`, {})).json();
    expect(paid).toMatchObject({ status: 'complete', paid: true });
  });

  it('answers a client secret in embedded mode', async () => {
    const body = await (await s.post('/api/checkout-sessions', { ...CART, mode: 'embedded' })).json();
    expect(body).toEqual({ clientSecret: expect.stringMatching(/^cs_demo_[a-z0-9]+_secret_demo$/) });
  });

  it('ignores prices and unknown products sent by the browser', async () => {
    const response = await s.post('/api/checkout-sessions', { items: [{ id: 'free-car', quantity: 1, unitAmount: 0 }] });
    expect(response.status).toBe(400);
  });

  it.each([
    ['500', 500, /failed on purpose/],
    ['other-origin', 200, /"url":"https:\/\/evil\.example\//],
    ['http', 200, /"url":"http:\/\/checkout\.stripe\.com\//],
    ['javascript', 200, /"url":"javascript:alert\(1\)"/],
  ])('?session=%s answers %d %p', async (outcome, status, body) => {
    const response = await s.post(`/api/checkout-sessions?session=${outcome}`);
    expect(response.status).toBe(status);
    expect(await response.text()).toMatch(body);
  });

  it('?session=bad-json answers 200 with a body that is not JSON', async () => {
    const response = await s.post('/api/checkout-sessions?session=bad-json');
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it('?session=hang never answers', async () => {
    const outcome = await Promise.race([
      s.post('/api/checkout-sessions?session=hang').then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('no answer'), 300)),
    ]);
    expect(outcome).toBe('no answer');
  });

  it('sends the csp-blocked scenario page a real CSP without js.stripe.com, and no CSP otherwise', async () => {
    const blocked = await fetch(`${s.base}/?scenario=csp-blocked`);
    expect(blocked.headers.get('content-security-policy')).toBe("script-src 'self' http://localhost:3001");
    expect((await fetch(`${s.base}/?scenario=normal`)).headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${s.base}/main.js?scenario=csp-blocked`)).headers.get('content-security-policy')).toBeNull();
  });
});

describe('scenarioCsp', () => {
  it('lets in the page, the remote (also one given with ?remote=) and, for dev bundles, eval', () => {
    expect(scenarioCsp(new URL('http://h/?remote=http://127.0.0.1:4555/mf-manifest.json'), REMOTE, false)).toBe("script-src 'self' http://127.0.0.1:4555");
    expect(scenarioCsp(new URL('http://h/'), REMOTE, true)).toBe("script-src 'self' http://localhost:3001 'unsafe-eval'");
  });
});

describe('Stripe test mode', () => {
  const config: ExampleConfig = { mode: 'stripe', publishableKey: 'pk_test_51Hpublic', secretKey: SECRET };
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve(config);
  });
  afterAll(() => s.close());
  beforeEach(() => {
    mockCreate.mockReset();
    mockRetrieve.mockReset();
  });

  it('gives the browser the publishable key and never the secret key', async () => {
    const text = await (await fetch(`${s.base}/api/config`)).text();
    expect(JSON.parse(text)).toEqual({ mode: 'stripe', publishableKey: 'pk_test_51Hpublic', notice: null });
    expect(text).not.toContain(SECRET);
    expect(JSON.stringify(publicConfig(config))).not.toContain(SECRET);
  });

  it('creates the Stripe client with an explicit timeout and network retries, not the library defaults', () => {
    expect(Stripe).toHaveBeenCalledWith(SECRET, expect.objectContaining({ timeout: STRIPE_REQUEST_TIMEOUT_MS, maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES }));
    expect(STRIPE_REQUEST_TIMEOUT_MS).toBeLessThan(80_000);
    expect(STRIPE_MAX_NETWORK_RETRIES).toBeGreaterThan(0);
    // the whole retried request stays under the button's default session timeout (15 s)
    expect(STRIPE_REQUEST_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1)).toBeLessThan(15_000);
  });

  it('creates a Checkout Session from the catalogue, with success and cancel pages and the idempotency key', async () => {
    mockCreate.mockResolvedValue({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const response = await s.post('/api/checkout-sessions', CART, { 'Idempotency-Key': key });
    expect(await response.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const [params, options] = mockCreate.mock.calls[0];
    expect(params).toMatchObject({
      mode: 'payment',
      success_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/),
      cancel_url: expect.stringMatching(/\/cancel$/),
      line_items: [
        { quantity: 2, price_data: { currency: 'eur', unit_amount: 1800, product_data: { name: 'Stoneware mug' } } },
        { quantity: 1, price_data: { currency: 'eur', unit_amount: 1450 } },
      ],
    });
    expect(options).toEqual({ idempotencyKey: `host-example-${key}` });
  });

  it('creates an embedded session in embedded mode and answers its client secret', async () => {
    mockCreate.mockResolvedValue({ client_secret: 'cs_test_1_secret_x' });
    const body = await (await s.post('/api/checkout-sessions', { ...CART, mode: 'embedded' })).json();
    expect(body).toEqual({ clientSecret: 'cs_test_1_secret_x' });
    expect(mockCreate.mock.calls[0][0]).toMatchObject({ ui_mode: 'embedded_page', return_url: expect.stringContaining('/success?session_id=') });
  });

  it('answers 502 without details when Stripe refuses', async () => {
    mockCreate.mockRejectedValue(new Error(`Invalid API Key provided: ${SECRET.slice(0, 12)}****`));
    const response = await s.post('/api/checkout-sessions');
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('sk_test');
  });

  it('has no demo scenarios: no CSP page, no demo completion', async () => {
    expect((await fetch(`${s.base}/?scenario=csp-blocked`)).headers.get('content-security-policy')).toBeNull();
    expect((await s.post('/api/checkout-sessions/cs_test_1/complete', {})).status).toBe(404);
  });
});

describe('readExampleConfig', () => {
  it('is the offline demo without keys', () => {
    expect(readExampleConfig({})).toEqual({ mode: 'demo' });
  });
  it('is Stripe test mode with both test keys', () => {
    expect(readExampleConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_SECRET_KEY: SECRET })).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_1',
      secretKey: SECRET,
    });
  });
  it.each([
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, /both/],
    [{ STRIPE_SECRET_KEY: SECRET }, /both/],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_SECRET_KEY: SECRET }, /never runs with live keys/],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_SECRET_KEY: 'sk_live_1' }, /never runs with live keys/],
  ])('stays in the demo, and says why, with %p', (env, notice) => {
    const config = readExampleConfig(env);
    expect(config.mode).toBe('demo');
    expect(config.notice).toMatch(notice);
    expect(JSON.stringify(config)).not.toContain('sk_live_1');
  });
  it('EXAMPLE_MODE=demo forces the demo', () => {
    expect(readExampleConfig({ EXAMPLE_MODE: 'demo', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_SECRET_KEY: SECRET }).mode).toBe('demo');
  });
});
