/** @jest-environment node */
// Start-up against a Postgres that is not reachable yet (containers starting together, a failover):
// the server waits for it, with backoff and a line each time, instead of exiting at the first refused
// connection; past its wait, or on an error waiting cannot help, it fails.
import net from 'node:net';
import { openDatabase, databaseFromEnv } from '../../server/db/open';
import { isUnreachable, whenReachable } from '../../server/db/whenReachable';
import { freePort } from '../../stand-ins/freePort';
import { postgresBin, startPostgres, type TestPostgres } from '../../stand-ins/postgres';

jest.setTimeout(60_000);
const run = postgresBin() || process.env.CI === 'true' ? describe : describe.skip;

/** A TCP front for `target` that drops every connection until `open()`, then forwards. */
async function gate(target: { host: string; port: number }) {
  let open = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client.on('close', () => sockets.delete(client)).on('error', () => {}));
    if (!open) return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream.on('error', () => client.destroy()));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    open: () => void (open = true),
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

run('start-up and a Postgres not reachable yet', () => {
  let postgres: TestPostgres;
  let url: URL;
  beforeAll(async () => {
    postgres = await startPostgres();
    url = new URL(await postgres.database('startup'));
  }, 120_000);
  afterAll(() => postgres?.stop());

  it('waits, saying so, while connections are dropped; opens and migrates once Postgres answers', async () => {
    const front = await gate({ host: url.hostname, port: Number(url.port) });
    const warned: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation((line: string) => void warned.push(line));
    try {
      setTimeout(front.open, 1_500);
      const started = performance.now();
      const db = await openDatabase({ ...databaseFromEnv({ DATABASE_URL: `postgres://postgres@127.0.0.1:${front.port}${url.pathname}` }) });
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM checkout_orders'))[0].n).toBe(0); // migrated
      await db.close();
      expect(warned.length).toBeGreaterThan(0);
      expect(warned[0]).toMatch(/^\[orders\] Postgres is not reachable yet \(.+\); trying again in 250 ms$/);
    } finally {
      warn.mockRestore();
      await front.close();
    }
  });

  it('gives up after its wait (DATABASE_STARTUP_WAIT_MS), with the last connection error', async () => {
    const refusing = `postgres://postgres@127.0.0.1:${await freePort()}/orders`;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const started = performance.now();
      const failed = await openDatabase(databaseFromEnv({ DATABASE_URL: refusing, DATABASE_STARTUP_WAIT_MS: '1000' })).catch(
        (e: Error) => e,
      );
      expect(isUnreachable(failed)).toBe(true);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('fails at once on what waiting cannot change (a database that does not exist)', async () => {
    const missing = new URL(url);
    missing.pathname = '/no_such_database';
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failed = await openDatabase(databaseFromEnv({ DATABASE_URL: missing.href })).catch((e: Error) => e);
      expect((failed as Error & { code?: string }).code).toBe('3D000');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

it('whenReachable: only unreachable errors are tried again, within the wait', async () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  let calls = 0;
  const log = jest.fn();
  await expect(whenReachable(async () => (++calls < 3 ? Promise.reject(refused) : 'open'), 5_000, log)).resolves.toBe('open');
  expect([calls, log.mock.calls.length]).toEqual([3, 2]);
  const denied = Object.assign(new Error('password authentication failed for user "shop"'), { code: '28P01' });
  calls = 0;
  await expect(whenReachable(() => (++calls, Promise.reject(denied)), 5_000, log)).rejects.toBe(denied);
  expect(calls).toBe(1);
});
