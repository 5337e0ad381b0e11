/** @jest-environment node */
// Per-client limits shared by every instance on one Postgres: two instances over one database allow
// one client the configured budget in all, not one budget each, with the same 429 and Retry-After as
// one instance; a restart forgets nothing; a database that cannot answer lets the call through.
import type { Database } from '../../server/db/sql';
import { openDatabase } from '../../server/db/open';
import { openPostgres } from '../../server/db/postgres';
import { recordHealth } from '../../server/db/boundedRecord';
import { clientLimiter, type ClientLimits } from '../../server/limits/rateLimit';
import { sqlLimitStore } from '../../server/limits/sqlLimitStore';
import { CHECKOUT_PATHS } from '../../server/routes';
import { freePort } from '../../stand-ins/freePort';
import { postgresBin, startPostgres, type TestPostgres } from '../../stand-ins/postgres';
import type { Served } from '../support/serveHandler';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

jest.setTimeout(60_000);
const run = postgresBin() || process.env.CI === 'true' ? describe : describe.skip;

run('rate limits on Postgres', () => {
  let postgres: TestPostgres;
  let db: Database;
  beforeAll(async () => {
    postgres = await startPostgres();
    db = await openDatabase({ DATABASE_URL: await postgres.database('limits') });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await postgres?.stop();
  });
  const routes = setUpCheckoutRoutes();

  /** An instance of the server: its own routes and limiter, the shared database's buckets. */
  const instance = (limits: ClientLimits): Promise<Served> => routes.serve({ rateLimit: { ...limits, store: sqlLimitStore(db) } });

  it('two instances allow one client the configured burst in all, then 429 with the same Retry-After', async () => {
    const limits: ClientLimits = { sessions: { burst: 4, perMinute: 6 }, walletSessions: false, status: false };
    const [a, b] = [await instance(limits), await instance(limits)];
    try {
      const statuses: number[] = [];
      let refused: Response | undefined;
      const started = Date.now();
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${(i % 2 ? b : a).url}${CHECKOUT_PATHS.sessions}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `shared-limit-${i}-${Date.now()}` },
          body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
        });
        statuses.push(res.status);
        if (res.status === 429) refused ??= res;
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
      // One token at 6 a minute: 10 s after the burst's first take, less what a slow machine spent since.
      const retryAfter = Number(refused!.headers.get('retry-after'));
      expect(retryAfter).toBeLessThanOrEqual(10);
      expect(retryAfter).toBeGreaterThanOrEqual(10 - Math.ceil((Date.now() - started) / 1000));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('kinds and clients have buckets of their own; a new instance (a restart) remembers them', async () => {
    const limits: ClientLimits = { sessions: { burst: 1, perMinute: 1 }, walletSessions: { burst: 1, perMinute: 1 }, status: false };
    const take = clientLimiter({ ...limits, store: sqlLimitStore(db) });
    expect(await take('sessions', '203.0.113.7')).toEqual({ ok: true });
    expect(await take('walletSessions', '203.0.113.7')).toEqual({ ok: true });
    expect(await take('sessions', '203.0.113.8')).toEqual({ ok: true });
    const restarted = clientLimiter({ ...limits, store: sqlLimitStore(db) });
    expect(await restarted('sessions', '203.0.113.7')).toEqual({ ok: false, retryAfterSeconds: 60 });
    // IPv6 by its /64: another address of the same subscriber is the same client.
    expect(await restarted('status', '2001:db8::1')).toEqual({ ok: true }); // a kind set to false: no limit
    expect(await restarted('sessions', '2001:db8:0:0:aaaa::1')).toEqual({ ok: true });
    expect(await restarted('sessions', '2001:db8:0:0:bbbb::2')).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  it('a database that refuses connections lets the call through within the bound, counted', async () => {
    const down = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/limits`);
    const health = recordHealth(() => {});
    try {
      const take = clientLimiter({
        sessions: { burst: 1, perMinute: 1 },
        walletSessions: false,
        status: false,
        store: sqlLimitStore(down, { timeoutMs: 500, health }),
      });
      expect(await take('sessions', '198.51.100.1')).toEqual({ ok: true });
      expect(await take('sessions', '198.51.100.1')).toEqual({ ok: true });
      expect(health.counts()['rateLimit.take']).toBe(2);
    } finally {
      await down.close();
    }
  });
});
