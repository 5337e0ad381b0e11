/** @jest-environment node */
// The host example's demo server offline (no keys): server/'s routes against the Stripe API stand-in
// it starts itself, the stand-in hosted page, the signed webhook that fulfils, the status route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoMiddleware, demoStripe } from '../../host-example/demo/server';

let base = '';
let server: http.Server;
let demo: ReturnType<typeof demoMiddleware>;
const shipped: string[] = [];

beforeAll(async () => {
  jest.spyOn(console, 'log').mockImplementation((line: string) => void shipped.push(line));
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  demo = demoMiddleware(base, 'http://127.0.0.1:9/mf-manifest.json', demoStripe({}), { DATABASE_URL: 'memory://' });
  server.on('request', (req, res) => void demo(req, res, () => res.writeHead(404).end()));
  // The first /api/ request starts the backend (the stand-in, the orders' database): not on a test's clock.
  // A new PGlite takes 18 to 40 s on a busy 2-core machine, more beside a CPU hog: a failure deadline only.
  await fetch(`${base}/api/checkout-session-status`);
}, 120_000);
afterAll(async () => {
  await demo.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const createSession = (mode: string, query = '') =>
  fetch(`${base}/api/checkout-sessions${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `demo-${mode}-${Math.random()}` },
    body: JSON.stringify({ productId: 'coffee-beans-1kg', mode }),
  });

describe('the demo server, offline', () => {
  it('redirect: a session on checkout.stripe.com, the stand-in hosted page, a webhook that ships once, the true status', async () => {
    const { url } = (await (await createSession('redirect')).json()) as { url: string };
    expect(new URL(url).origin).toBe('https://checkout.stripe.com');
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const page = await fetch(`${base}/demo-checkout?session=${sessionId}`);
    expect(await page.text()).toContain(`value="${sessionId}"`);
    const paid = await fetch(`${base}/demo-checkout`, {
      method: 'POST',
      body: new URLSearchParams({ session: sessionId, outcome: 'paid' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${base}/?session_id=${sessionId}`);
    expect(shipped.filter((line) => line.includes(sessionId))).toEqual([`[demo] order ${sessionId} paid: ship 1 × coffee-beans-1kg`]);
    const status = await fetch(`${base}/api/checkout-session-status?session_id=${sessionId}`);
    expect(await status.json()).toEqual({ status: 'complete', paymentStatus: 'paid', outcome: 'paid' });
  });

  it("embedded: a client secret; the demo's completion of the session onComplete names; its status", async () => {
    const res = await createSession('embedded');
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/^cs_test_\w+_secret_\w+$/);
    expect(res.headers.get('set-cookie')).toBeNull();
    const sessionId = clientSecret.split('_secret_')[0];
    const done = await fetch(`${base}/demo-checkout`, {
      method: 'POST',
      body: new URLSearchParams({ session: sessionId, outcome: 'paid' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const status = await fetch(`${base}/api/checkout-session-status?session_id=${sessionId}`);
    expect(await status.json()).toMatchObject({ outcome: 'paid' });
  });

  it("wallets: Stripe.js's confirm (the stand-in's, through the service worker) reaches the API stand-in, which takes the payment", async () => {
    const { clientSecret } = (await (await createSession('wallets')).json()) as { clientSecret: string };
    const sessionId = clientSecret.split('_secret_')[0];
    const res = await fetch(`${base}/demo-checkout/api.stripe.com/v1/payment_pages/${sessionId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ key: 'pk_test_offlineDemo', client_secret: clientSecret }),
    });
    expect(await res.json()).toEqual({ id: sessionId, status: 'complete', return_url: `${base}/?session_id=${sessionId}` });
    const status = await fetch(`${base}/api/checkout-session-status?session_id=${sessionId}`);
    expect(await status.json()).toMatchObject({ outcome: 'paid' });
  });

  it("the session switch's failing endpoint, and a webhook without Stripe's signature refused", async () => {
    expect((await createSession('redirect', '?scenario=500')).status).toBe(500);
    const forged = await fetch(`${base}/api/stripe-webhook`, {
      method: 'POST',
      body: '{"type":"checkout.session.completed"}',
      headers: { 'Stripe-Signature': 't=1,v1=00' },
    });
    expect(forged.status).toBe(400);
  });
});
