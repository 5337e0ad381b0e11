/** @jest-environment node */
// The core without any server: each route called with a Web `Request` and a context, as a Next.js
// route handler, a SvelteKit endpoint or an edge function calls it. No socket, no node:http.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MAX_BODY_BYTES } from '../../server';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { sqlFormSubmissions } from '../../server/form/formSubmissions';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const SECRET = 'whsec_test_webHandlers';
const SHOP = 'https://shop.example';
const fulfil = jest.fn(async () => {});
const context = { clientAddress: '203.0.113.9' };
const routes = setUpCheckoutRoutes({
  routes: ({ store }) => ({
    returnPage: `${SHOP}/return`,
    formSubmissions: sqlFormSubmissions(store.db),
    fulfil,
    webhookSecret: SECRET,
    rateLimit: { sessions: { burst: 2, perMinute: 1 }, walletSessions: false, status: false },
  }),
});

const json = (body: unknown, key = `web-${Math.random().toString(36).slice(2)}`) =>
  new Request(`${SHOP}/api/checkout-sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });

describe('the Web-standard handlers', () => {
  it("sessions: the button's JSON gets { url } from Stripe", async () => {
    const response = await routes.handlers.sessions(json({ productId: 'coffee-beans-1kg', mode: 'redirect' }), {
      clientAddress: '198.51.100.1',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
  });

  it('sessions: a plain form gets 303 to the hosted page', async () => {
    const request = new Request(`${SHOP}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SHOP, 'Sec-Fetch-Site': 'same-origin', 'User-Agent': 'test' },
      body: new URLSearchParams({ productId: 'coffee-beans-1kg', formKey: 'web-handlers-key' }).toString(),
    });
    const response = await routes.handlers.sessions(request, { clientAddress: '198.51.100.2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it('the limit keys on context.clientAddress, not on any header', async () => {
    const from = (clientAddress: string, forwarded: string) => {
      const request = json({ productId: 'coffee-beans-1kg', mode: 'redirect' });
      request.headers.set('X-Forwarded-For', forwarded);
      return routes.handlers.sessions(request, { clientAddress }).then((r) => r.status);
    };
    expect([await from('192.0.2.50', '1.1.1.1'), await from('192.0.2.50', '2.2.2.2'), await from('192.0.2.50', '3.3.3.3')]).toEqual([
      200, 200, 429,
    ]);
    expect(await from('192.0.2.51', '1.1.1.1')).toBe(200);
  });

  it('webhook: a signed event over the exact bytes is verified with Web Crypto and fulfilled', async () => {
    const session = await routes.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Beans' } }, quantity: 1 }],
      success_url: `${SHOP}/`,
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    });
    // Indented as Stripe sends it: re-serialised JSON would not match the signature.
    const payload = JSON.stringify(
      {
        id: 'evt_web_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
      },
      null,
      2,
    );
    const deliver = (signature: string) =>
      routes.handlers.webhook(
        new Request(`${SHOP}/api/stripe-webhook`, { method: 'POST', headers: { 'Stripe-Signature': signature }, body: payload }),
        context,
      );
    const forged = await deliver(routes.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }));
    expect(forged.status).toBe(400);
    const good = await deliver(routes.stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(good.status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(1);
  });

  it('a streamed body over the limit is drained and answered 413 with Connection: close', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 2 * MAX_BODY_BYTES) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request(`${SHOP}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'web-too-large' },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await routes.handlers.sessions(request, context);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(pulled).toBe(2 * MAX_BODY_BYTES);
  });

  it('status and route: route answers the three paths by URL and returns null for any other', async () => {
    const status = await routes.handlers.route(new Request(`${SHOP}/api/checkout-session-status?session_id=nope`), context);
    expect(status?.status).toBe(400);
    expect(await routes.handlers.route(new Request(`${SHOP}/api/other`), context)).toBeNull();
  });

  it('nothing in the core imports node:http (only the adapters do)', () => {
    const root = path.join(__dirname, '../../server');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return name === 'adapters' ? [] : files(full);
        return /\.ts$/.test(name) ? [full] : [];
      });
    const core = files(root).filter((file) => !/server\/(main|backend)\.ts$|server\/reconcile\/|server\/db\//.test(file));
    expect(core.length).toBeGreaterThan(20);
    expect(core.filter((file) => /from 'node:http'|require\('node:http'\)|from 'http'/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
