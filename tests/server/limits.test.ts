/** @jest-environment node */
// Honest answers at the limits: a body over the limit gets its 413 on a real socket (not a reset),
// and Stripe calls are limited per client with 429 + Retry-After: clicks, wallet sessions and status
// reads each on a budget of their own.
import net from 'node:net';
import { MAX_BODY_BYTES } from '../../server/http/http';
import { clientKey } from '../../server/limits/clientKey';
import {
  DEFAULT_LIMITS,
  limitsFromEnv,
  tokenBuckets,
  type ClientLimits,
  type LimitKind,
  type RateLimit,
} from '../../server/limits/rateLimit';
import { CHECKOUT_PATHS } from '../../server/routes';
import type { Served } from '../support/serveHandler';
import type { TrustProxy } from '../../server/adapters/trustProxy';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const routes = setUpCheckoutRoutes({ routes: () => ({ webhookSecret: 'whsec_limits' }) });
const serve = (rateLimit: ClientLimits | false, trustProxy: TrustProxy = false) => routes.serve({ rateLimit }, { trustProxy });

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
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nIdempotency-Key: limits-key-0001\r\nStripe-Signature: t=1,v1=0\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    );
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

/**
 * A 6-a-minute bucket, once empty, asks for the next token's wait: 10 s less what has refilled since its
 * first take. On a busy machine the takes themselves take seconds, so the floor counts them.
 */
async function expectRetryAfter(refused: Response, firstTakeAt: number, what: string): Promise<void> {
  const floor = Math.max(1, 10 - Math.ceil((Date.now() - firstTakeAt) / 1000));
  const seconds = Number(refused.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(floor);
  expect(seconds).toBeLessThanOrEqual(10);
  expect(await refused.json()).toEqual({ error: `Too many ${what} from this client; try again in ${seconds} s.` });
}

describe('a body over the limit', () => {
  let server: Served;
  beforeAll(async () => (server = await serve(false)));
  afterAll(() => server.close());

  it.each([CHECKOUT_PATHS.sessions, CHECKOUT_PATHS.webhook])(
    '%s: the client receives 413 with { error }, then the server closes',
    async (path) => {
      const { text, error } = await rawRequest(server.url, path, 4 * MAX_BODY_BYTES);
      expect(error).toBeNull();
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: `The body is over ${MAX_BODY_BYTES} bytes.` });
    },
  );
});

describe('a body sent slowly', () => {
  let server: Served;
  beforeAll(async () => (server = await routes.serve({ bodyTimeoutMs: 300 })));
  afterAll(() => server.close());

  it.each([CHECKOUT_PATHS.sessions, CHECKOUT_PATHS.webhook])(
    '%s: a body still unsent after its time gets 408 with { error }, and the connection is closed',
    async (path) => {
      const { hostname, port } = new URL(server.url);
      const started = Date.now();
      const { text, closedAfterMs } = await new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
        const socket = net.connect(Number(port), hostname);
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('error', () => {});
        socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
        // Ten bytes of a hundred, then nothing: Node alone would hold this socket for 300 s.
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nIdempotency-Key: slow-body-key-01\r\nStripe-Signature: t=1,v1=0\r\nContent-Length: 100\r\n\r\n{"product`,
        );
        // Only a failure deadline: Node's own timeout (300 s) is far beyond it, the routes' (300 ms) far below.
        setTimeout(() => {
          resolve({ text, closedAfterMs: null });
          socket.destroy();
        }, 15_000);
      });
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request body took too long to arrive.' });
      expect(closedAfterMs).not.toBeNull(); // the server closed it, within the deadline
    },
    30_000,
  );
});

/** Only `kind` limited, at `limit`: the other kinds let everything through. */
const only = (kind: LimitKind, limit: RateLimit): ClientLimits => ({
  sessions: false,
  walletSessions: false,
  status: false,
  [kind]: limit,
});

describe('session creation per client', () => {
  const create = (url: string, forwardedFor?: string, mode = 'redirect') =>
    fetch(`${url}${CHECKOUT_PATHS.sessions}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': `limit-${Math.random()}`,
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: JSON.stringify({ productId: 'coffee-beans-1kg', mode }),
    });

  it('past its burst a client gets 429 with Retry-After and { error }; Stripe is not called', async () => {
    const server = await serve(only('sessions', { burst: 3, perMinute: 6 }));
    try {
      const firstTakeAt = Date.now();
      for (let i = 0; i < 3; i++) expect((await create(server.url)).status).toBe(200);
      const calls = routes.standIn.requests.length;
      const refused = await create(server.url);
      expect(refused.status).toBe(429);
      await expectRetryAfter(refused, firstTakeAt, 'Checkout Sessions');
      expect(routes.standIn.requests.length).toBe(calls);
    } finally {
      await server.close();
    }
  });

  it('wallet sessions spend their own budget: after ten page views, and after the wallet budget runs dry, a click still gets its session', async () => {
    const server = await serve(DEFAULT_LIMITS);
    try {
      const walletBurst = (DEFAULT_LIMITS.walletSessions as RateLimit).burst;
      expect(walletBurst).toBeGreaterThanOrEqual(10);
      for (let i = 0; i < walletBurst; i++) expect((await create(server.url, undefined, 'wallets')).status).toBe(200);
      expect((await create(server.url, undefined, 'wallets')).status).toBe(429);
      expect((await create(server.url, undefined, 'redirect')).status).toBe(200);
      expect((await create(server.url, undefined, 'embedded')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('behind a trusted proxy each X-Forwarded-For client has its own bucket; untrusted, the header changes nothing', async () => {
    const trusting = await serve(only('sessions', { burst: 1, perMinute: 1 }), 1);
    const plain = await serve(only('sessions', { burst: 1, perMinute: 1 }));
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

  it('an IPv6 client is keyed by its /64: another address of the same /64 shares its bucket, the next /64 has its own', async () => {
    const server = await serve(only('sessions', { burst: 1, perMinute: 1 }), 1);
    try {
      expect((await create(server.url, '2001:db8:1:2::1')).status).toBe(200);
      expect((await create(server.url, '2001:db8:1:2:ffff:ffff:ffff:9')).status).toBe(429);
      expect((await create(server.url, '2001:db8:1:3::1')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('the bucket key: IPv4 as it is (also IPv4-mapped), IPv6 by its /64 whatever its spelling', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
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

  it('each limit is read from the environment (burst/perMinute or off), every bad value refused at once', () => {
    expect(limitsFromEnv({ SESSION_RATE_LIMIT: '5/20', WALLET_SESSION_RATE_LIMIT: 'off', TRUST_PROXY: '1' })).toEqual({
      sessions: { burst: 5, perMinute: 20 },
      walletSessions: false,
      status: DEFAULT_LIMITS.status,
    });
    // A bad value is refused at start-up, every one at once, never silently replaced by the default.
    expect(() => limitsFromEnv({ SESSION_RATE_LIMIT: '0/5', STATUS_RATE_LIMIT: 'lots' })).toThrow(
      'SESSION_RATE_LIMIT must be burst/perMinute (e.g. 10/10) or off, not 0/5.\nSTATUS_RATE_LIMIT must be burst/perMinute (e.g. 10/10) or off, not lots.',
    );
  });
});

describe('status reads per client', () => {
  it('past its own budget GET /api/checkout-session-status answers 429 with Retry-After, and Stripe is not asked', async () => {
    const server = await serve(only('status', { burst: 2, perMinute: 6 }));
    try {
      const { id } = await routes.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_1', quantity: 1 }],
        success_url: 'https://shop.example/',
      });
      const read = () => fetch(`${server.url}${CHECKOUT_PATHS.status}?session_id=${id}`);
      const firstTakeAt = Date.now();
      expect((await read()).status).toBe(200);
      expect((await read()).status).toBe(200);
      const calls = routes.standIn.requests.length;
      const refused = await read();
      expect(refused.status).toBe(429);
      await expectRetryAfter(refused, firstTakeAt, 'status requests');
      expect(routes.standIn.requests.length).toBe(calls);
    } finally {
      await server.close();
    }
  });
});
