/** @jest-environment node */
// The routes behind Express 5 and Fastify 5 with their body parsers on, over real HTTP: the button's
// JSON session, the plain form's 303 and a signed webhook each answered right (never a silent 408),
// while the app's own routes keep their parsed bodies. And the Node adapter's client address behind
// trusted proxies (TRUST_PROXY by hop count or address list).
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { checkoutExpress, mountCheckout } from '../../server/adapters/express';
import { checkoutFastify } from '../../server/adapters/fastify';
import { toNodeListener } from '../../server/adapters/node';
import { trustProxyFromEnv } from '../../server/adapters/trustProxy';
import { MAX_BODY_BYTES } from '../../server';
import { sqlFormSubmissions } from '../../server/form/formSubmissions';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const SECRET = 'whsec_test_adapters';
const fulfil = jest.fn(async () => {});
const logged: string[] = [];
const routes = setUpCheckoutRoutes({
  routes: ({ store }) => ({
    returnPage: 'https://shop.example/return',
    formSubmissions: sqlFormSubmissions(store.db),
    fulfil,
    webhookSecret: SECRET,
    log: (message) => logged.push(message),
  }),
});

async function listen(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * Well under the body timeout (10 s): a drained stream would wait that long for a 408. A bound for
 * failing, not a speed test: a busy machine takes seconds where a quiet one takes milliseconds.
 */
const AT_ONCE_MS = 5_000;
jest.setTimeout(30_000);

/** The three requests every mounting must answer right, each at once (well within the body timeout). */
function answersTheThree(base: () => string) {
  it("the button's JSON session: 200 { url }", async () => {
    const started = Date.now();
    const response = await fetch(`${base()}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `adapter-${Math.random()}` },
      body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
  });

  it("the plain form: 303 to Stripe's page", async () => {
    const response = await fetch(`${base()}/api/checkout-sessions`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'navigate',
        'User-Agent': `adapter-${Math.random()}`,
      },
      body: new URLSearchParams({ productId: 'coffee-beans-1kg', formKey: `adapter-form-${Math.random()}` }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it('a signed webhook, verified over its exact bytes, and the order fulfilled', async () => {
    fulfil.mockClear();
    const session = await routes.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Beans' } }, quantity: 1 }],
      success_url: 'https://shop.example/',
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    });
    // Indented and with a key order no parser would keep: only the received bytes carry the signature.
    const payload = JSON.stringify(
      {
        type: 'checkout.session.completed',
        id: `evt_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
      },
      null,
      3,
    );
    const response = await fetch(`${base()}/api/stripe-webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': routes.stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(1);
  });

  it("a refusal carries its status's reason phrase (the button's message shows it)", async () => {
    const response = await fetch(`${base()}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `adapter-${Math.random()}` },
      body: JSON.stringify({ productId: 'not-in-the-catalog', mode: 'redirect' }),
    });
    expect([response.status, response.statusText]).toEqual([400, 'Bad Request']);
  });

  it('a body over the limit: 413 with { error }', async () => {
    const response = await fetch(`${base()}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'adapter-too-large' },
      body: JSON.stringify({ productId: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: `The body is over ${MAX_BODY_BYTES} bytes.` });
  });
}

describe("Node's own server (toNodeListener)", () => {
  let served: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => (served = await listen(http.createServer(toNodeListener(routes.handlers, { warn: () => {} })))));
  afterAll(() => served.close());

  answersTheThree(() => served.url);
});

describe('Express 5, express.json() and express.urlencoded() mounted before the routes (mountCheckout)', () => {
  let served: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(express.urlencoded());
    mountCheckout(app, routes.handlers);
    app.post('/echo', (req, res) => void res.json({ parsed: req.body }));
    served = await listen(http.createServer(app));
  });
  afterAll(() => served.close());

  answersTheThree(() => served.url);

  it("the app's own routes keep their parsers", async () => {
    const response = await fetch(`${served.url}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await response.json()).toEqual({ parsed: { a: 1 } });
  });
});

describe('Express 5, a slow body with the parsers on', () => {
  it('is answered 408 by the routes within their time, the connection closed, never left to a parser', async () => {
    const slow = routes.routesWith({ formSubmissions: undefined, webhookSecret: undefined, bodyTimeoutMs: 300, log: () => {} });
    const app = express();
    app.use(express.json());
    mountCheckout(app, slow, { bodyTimeoutMs: 300 });
    const served = await listen(http.createServer(app));
    try {
      const { port } = new URL(served.url);
      const started = Date.now();
      const text = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('error', () => {});
        socket.on('close', () => resolve(received));
        socket.write(
          'POST /api/checkout-sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nIdempotency-Key: express-slow-0001\r\nContent-Length: 100\r\n\r\n{"product',
        );
        setTimeout(() => socket.destroy(), 15_000); // only a failure deadline: a parser would hold it for ever
      });
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(Date.now() - started).toBeLessThan(AT_ONCE_MS + 300);
    } finally {
      await served.close();
    }
  });
});

describe('Express 5, the middleware alone after a parser (not the documented way)', () => {
  it('refuses loudly at once (500 and a log line naming mountCheckout), never a silent 408', async () => {
    const app = express();
    app.use(express.json());
    app.use(checkoutExpress(routes.handlers, { log: (message, fix) => logged.push(`${message} ${String(fix)}`) }));
    const served = await listen(http.createServer(app));
    try {
      const started = Date.now();
      const response = await fetch(`${served.url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'adapter-after-parser' },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      });
      expect(response.status).toBe(500);
      expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
      expect(logged.at(-1)).toMatch(
        /A body parser read \/api\/checkout-sessions before the checkout routes.*mountCheckout\(app, handlers\)/,
      );
    } finally {
      await served.close();
    }
  });
});

describe("Fastify 5 with its default parsers (the routes' plugin)", () => {
  const app = Fastify();
  let url = '';
  beforeAll(async () => {
    await app.register(checkoutFastify(routes.handlers));
    app.post('/echo', async (request) => ({ parsed: request.body }));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  answersTheThree(() => url);

  it("the app's own routes keep Fastify's JSON parser", async () => {
    const response = await fetch(`${url}/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    expect(await response.json()).toEqual({ parsed: { a: 1 } });
  });

  it('a wrong method is the route’s own 405', async () => {
    const response = await fetch(`${url}/api/stripe-webhook`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('the client address behind proxies (Node adapter)', () => {
  it('TRUST_PROXY: unset or 0 none, a number of hops, or a list of addresses; true is refused', () => {
    expect(trustProxyFromEnv({})).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '0' })).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '2' })).toBe(2);
    expect(trustProxyFromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' })).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: 'true' })).toThrow(/would trust every X-Forwarded-For entry/);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  async function addressSeen(
    trustProxy: ReturnType<typeof trustProxyFromEnv>,
    forwardedFor?: string,
    warn: (m: string) => void = () => {},
  ) {
    let seen = '';
    const served = await listen(
      http.createServer(
        toNodeListener(async (_request, { clientAddress }) => ((seen = clientAddress), new Response('ok')), { trustProxy, warn }),
      ),
    );
    try {
      await fetch(served.url, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} });
      return seen;
    } finally {
      await served.close();
    }
  }

  it('by hop count: a CDN then a balancer (2) gives the client before them, whatever the client wrote first', async () => {
    // The socket's peer (127.0.0.1) is the nearest proxy; the CDN edge appended the client's address.
    expect(await addressSeen(2, 'spoofed-by-client, 198.51.100.7, 10.0.0.5')).toBe('198.51.100.7');
    expect(await addressSeen(1, 'spoofed-by-client, 198.51.100.7, 10.0.0.5')).toBe('10.0.0.5');
  });

  it('by address list: every trusted address is skipped, the first untrusted one is the client', async () => {
    expect(await addressSeen(['loopback', '10.0.0.0/8'], '203.0.113.4, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7');
  });

  it('no proxy trusted: the socket is the client, and X-Forwarded-For brings one loud warning, once', async () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    let seen = '';
    const served = await listen(
      http.createServer(
        toNodeListener(async (_request, { clientAddress }) => ((seen = clientAddress), new Response('ok')), { trustProxy: false, warn }),
      ),
    );
    try {
      await fetch(served.url);
      expect(warnings).toEqual([]);
      await fetch(served.url, { headers: { 'X-Forwarded-For': '198.51.100.7' } });
      await fetch(served.url, { headers: { 'X-Forwarded-For': '198.51.100.8' } });
      expect(seen).toBe('127.0.0.1');
      expect(warnings).toEqual([expect.stringMatching(/X-Forwarded-For arrived but TRUST_PROXY is not set.*all share one rate limit/)]);
    } finally {
      await served.close();
    }
  });
});
