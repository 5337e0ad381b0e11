/** @jest-environment node */
// Honest answers at the limits: a body over the limit gets its 413 on a real socket (not a reset),
// and session creation is limited per client with 429 + Retry-After.
import net from 'node:net';
import { catalogOf, DEMO_PRODUCTS } from '../../server/catalog';
import { MAX_BODY_BYTES } from '../../server/http';
import { tokenBuckets, type RateLimit } from '../../server/rateLimit';
import { CHECKOUT_PATHS, checkoutRoutes } from '../../server/routes';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { memoryOrders } from '../support/orders';
import { serveRoutes, type Served } from '../support/serveHandler';

let standIn: StripeApiStandIn;
let store: Awaited<ReturnType<typeof memoryOrders>>;
beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  store = await memoryOrders();
}, 30_000);
afterAll(async () => {
  await standIn.close();
  await store.db.close();
});

const serve = (rateLimit: RateLimit | false) =>
  serveRoutes(checkoutRoutes({ stripe: stripeForStandIn(standIn), catalog: catalogOf(DEMO_PRODUCTS), returnPage: 'https://shop.example/', orders: store.orders, fulfil: async () => {}, rateLimit, webhookSecret: 'whsec_limits', log: () => {} }));

/** Sends a whole request on a raw socket and returns everything the server sent back, or the socket's error. */
function rawRequest(url: string, path: string, bodyBytes: number): Promise<{ text: string; error: string | null }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    let error: string | null = null;
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ text, error }));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nIdempotency-Key: limits-key-0001\r\nStripe-Signature: t=1,v1=0\r\nContent-Length: ${bodyBytes}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('a body over the limit', () => {
  let server: Served;
  beforeAll(async () => (server = await serve(false)));
  afterAll(() => server.close());

  it.each([CHECKOUT_PATHS.sessions, CHECKOUT_PATHS.webhook])('%s: the client receives 413 with { error }, then the server closes', async (path) => {
    const { text, error } = await rawRequest(server.url, path, 4 * MAX_BODY_BYTES);
    expect(error).toBeNull();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: `The body is over ${MAX_BODY_BYTES} bytes.` });
  });
});

describe('session creation per client', () => {
  const create = (url: string, forwardedFor?: string) =>
    fetch(`${url}${CHECKOUT_PATHS.sessions}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `limit-${Math.random()}`, ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
      body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
    });

  it('past its burst a client gets 429 with Retry-After and { error }; Stripe is not called', async () => {
    const server = await serve({ burst: 3, perMinute: 6 });
    try {
      for (let i = 0; i < 3; i++) expect((await create(server.url)).status).toBe(200);
      const calls = standIn.requests.length;
      const refused = await create(server.url);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^(9|10)$/);
      expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many Checkout Sessions from this client; try again in (9|10) s\.$/) });
      expect(standIn.requests.length).toBe(calls);
    } finally {
      await server.close();
    }
  });

  it('behind a trusted proxy each X-Forwarded-For client has its own bucket; untrusted, the header changes nothing', async () => {
    const trusting = await serve({ burst: 1, perMinute: 1, trustProxy: true });
    const plain = await serve({ burst: 1, perMinute: 1 });
    try {
      expect((await create(trusting.url, '203.0.113.1')).status).toBe(200);
      expect((await create(trusting.url, '203.0.113.1')).status).toBe(429);
      expect((await create(trusting.url, 'spoofed, 203.0.113.2')).status).toBe(200);
      expect((await create(plain.url, '203.0.113.3')).status).toBe(200);
      expect((await create(plain.url, '203.0.113.4')).status).toBe(429);
    } finally {
      await trusting.close();
      await plain.close();
    }
  });

  it('a bucket refills at its rate, and Retry-After is the wait for the next token', () => {
    let now = 0;
    const buckets = tokenBuckets({ burst: 2, perMinute: 12 }, () => now);
    expect([buckets.take('a'), buckets.take('a')]).toEqual([{ ok: true }, { ok: true }]);
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterSeconds: 5 });
    now = 4_000;
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 5_000;
    expect(buckets.take('a')).toEqual({ ok: true });
    expect(buckets.take('b')).toEqual({ ok: true });
  });
});
