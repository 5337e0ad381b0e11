/** @jest-environment node */
// The embedded database's life across an engine upgrade: a folder written by the previous PGlite
// (0.5.16, Postgres 18, made here by that very package installed as `pglite-0-5`) is refused before
// opening, untouched, with the procedure; that procedure (backup with the old engine, folder aside,
// restore) brings every order into this release's PGlite, and the same backup restores into Postgres
// with every order. A restore never lands on a database that already holds orders.
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite as OldPGlite } from 'pglite-0-5';
import { backup } from '../../server/cli/backup';
import { restore } from '../../server/cli/restore';
import { MIGRATIONS } from '../../server/db/migrations';
import { connectDatabase, databaseFromEnv, openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/sql';
import type { Logger, LogFields } from '../../server/log/logger';
import { postgresBin, startPostgres, type TestPostgres } from '../../stand-ins/postgres';

const STATES = ['awaiting_payment', 'fulfilling', 'fulfilled', 'payment_failed', 'expired'];
const ORDERS = 200;
const ORDER_ROWS = `SELECT session_id, state, lease_token, lease_until, attempts, last_error, created_at, updated_at, fulfilled_at
  FROM checkout_orders ORDER BY session_id`;

/** A logger that keeps each line's fields and message. */
function recording(): Logger & { lines: Array<LogFields & { message: string }> } {
  const lines: Array<LogFields & { message: string }> = [];
  const keep = (fields: LogFields, message: string) => void lines.push({ ...fields, message });
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}

/** What the previous release did on its first start: its migrations, its ledger, then orders. */
async function writeOldFolder(dir: string): Promise<void> {
  const old = await OldPGlite.create(dir);
  await old.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const [index, script] of MIGRATIONS.entries()) {
    await old.exec(script);
    await old.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
  }
  for (let i = 0; i < ORDERS; i++) {
    await old.query(
      `INSERT INTO checkout_orders (session_id, state, attempts, last_error, lease_until, fulfilled_at)
       VALUES ($1, $2::text, $3::int, $4, now() + interval '1 minute' * $3::int, CASE WHEN $2::text = 'fulfilled' THEN now() END)`,
      [`cs_test_${String(i).padStart(4, '0')}`, STATES[i % STATES.length], i % 4, i % 7 ? null : `it's "quoted"\n and long`],
    );
  }
  await old.query("INSERT INTO checkout_session_requests VALUES ('key-1', 'redirect', '{\"b\":1,\"a\":2}', now())");
  await old.close();
}

const rowsOf = async (db: Database) => (await db.query(ORDER_ROWS)).map((row) => JSON.parse(JSON.stringify(row)) as unknown);

describe('a folder written by the previous PGlite', () => {
  let work: string;
  let folder: string;
  let expected: unknown[];
  const env = () => ({ ORDERS_DATA_DIR: folder, ORDERS_FOLDER_WAIT_MS: '1000' });
  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
    folder = path.join(work, 'orders');
    await writeOldFolder(folder);
    const old = await OldPGlite.create(folder);
    expected = (await old.query(ORDER_ROWS)).rows.map((row) => JSON.parse(JSON.stringify(row)) as unknown);
    await old.close();
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is refused before opening, unchanged, with the procedure', async () => {
    await expect(openDatabase(env())).rejects.toThrow(
      /written by Postgres 18 \(PGlite 0\.5\.x\); this release runs PGlite 0\.6\.1 \(Postgres 19\).*checkout-server backup --engine pglite-old/,
    );
    expect(readFileSync(path.join(folder, 'PG_VERSION'), 'utf8').trim()).toBe('18');
  }, 120_000);

  it('moves across by the procedure: backup with the old engine, folder aside, restore; every order kept', async () => {
    const file = path.join(work, 'orders.sql');
    const logger = recording();
    expect(await backup(['--engine', 'pglite-0-5', '--out', file], env(), logger)).toBe(0);
    expect(logger.lines.at(-1)).toMatchObject({ code: 'backup_written', version: MIGRATIONS.length });
    expect(logger.lines.at(-1)?.rows).toMatchObject({ checkout_orders: ORDERS, checkout_session_requests: 1 });
    renameSync(folder, `${folder}.pg18`);
    expect(await restore([file], env(), logger)).toBe(0);
    const db = await openDatabase(env());
    try {
      expect(await rowsOf(db)).toEqual(expected);
      expect(await db.query('SELECT params FROM checkout_session_requests')).toEqual([{ params: '{"b":1,"a":2}' }]);
      expect((await db.query<{ v: string }>('SHOW server_version'))[0]).toMatchObject({ server_version: '19.0' });
    } finally {
      await db.close();
    }
    // Restoring again, over the orders now there, is refused.
    const again = recording();
    expect(await restore([file], env(), again)).toBe(1);
    expect(again.lines.at(-1)?.message).toMatch(/^The target already holds schema version \d+ with rows: restore into an empty database/);
  }, 300_000);

  (postgresBin() ? describe : describe.skip)('into Postgres', () => {
    let server: TestPostgres;
    beforeAll(async () => (server = await startPostgres()), 60_000);
    afterAll(() => server?.stop());

    it('the same backup restores into Postgres with every order, in a schema of its own', async () => {
      const file = path.join(work, 'orders.sql');
      const pgEnv = { DATABASE_URL: await server.database('restored'), DATABASE_SCHEMA: 'shop' };
      expect(await restore([file], pgEnv, recording())).toBe(0);
      const db = await openDatabase(pgEnv);
      try {
        expect(await rowsOf(db)).toEqual(expected);
      } finally {
        await db.close();
      }
      // And back out of Postgres: a backup of it equals the one it came from, line for line after the header.
      const copy = path.join(work, 'from-postgres.sql');
      expect(await backup(['--out', copy], pgEnv, recording())).toBe(0);
      const body = (text: string) => text.split('\n').slice(1);
      expect(body(readFileSync(copy, 'utf8'))).toEqual(body(readFileSync(file, 'utf8')));
      const check = await connectDatabase(databaseFromEnv(pgEnv));
      await check.close();
    }, 120_000);
  });
});
