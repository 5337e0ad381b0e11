/** @jest-environment node */
// The embedded database's first start: a new folder gets the prepared cluster, already at this
// release's schema, instead of an initdb (about 50 s on a loaded 2-core machine) and the migrations, so
// it costs a fraction of one, measured in the same run (a ratio holds on a busy machine where a duration
// would not); the cluster becomes this release's, in the configured schema, even when its first opening
// did not finish; and the engine the code names is the one installed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate, MIGRATIONS } from '../../server/db/migrations';
import { openDatabase } from '../../server/db/open';
import { PG_MAJOR, PGLITE_VERSION } from '../../server/db/pgliteEngine';
import * as prepared from '../../server/db/preparedCluster';
import type { Database } from '../../server/db/sql';
import { serverRelease } from '../../server/release';

it('the engine named in pgliteEngine.ts is the one installed', async () => {
  const installed = JSON.parse(readFileSync(require.resolve('@electric-sql/pglite').replace(/dist[\\/].*$/, 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(installed.version).toBe(PGLITE_VERSION);
  const db = await openDatabase({ DATABASE_URL: 'memory://' });
  try {
    expect((await db.query<{ server_version: string }>('SHOW server_version'))[0].server_version).toMatch(new RegExp(`^${PG_MAJOR}\\.`));
  } finally {
    await db.close();
  }
}, 120_000);

it('a new folder opens from the prepared cluster, unpacked once: its first start costs less than an initdb', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  const env = { ORDERS_DATA_DIR: path.join(dir, 'orders') };
  try {
    // What a first start cost before: PGlite's own initdb (which also compiles its WebAssembly for both).
    let started = performance.now();
    await (await PGlite.create()).close();
    const initdbMs = performance.now() - started;
    const unpacked = jest.spyOn(prepared, 'unpackCluster');
    started = performance.now();
    const first = await openDatabase(env);
    const firstMs = performance.now() - started;
    expect(await first.query('SELECT count(*)::int AS n FROM checkout_orders')).toEqual([{ n: 0 }]);
    await first.close();
    expect(readFileSync(path.join(env.ORDERS_DATA_DIR, 'PG_VERSION'), 'utf8').trim()).toBe(PG_MAJOR);
    expect(unpacked.mock.calls).toEqual([[expect.any(Buffer), `${env.ORDERS_DATA_DIR}.unpacking`]]); // then renamed into place
    // Half an initdb when quiet; beside a CPU hog both stretch unevenly (10.8 s against 12.4 s seen).
    expect(firstMs).toBeLessThan(initdbMs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 600_000);

describe('PGlite starts while the folder is unpacked', () => {
  let dir: string;
  beforeEach(() => {
    jest.restoreAllMocks(); // the spies of the tests before
    dir = mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  /** Counts the PGlite starts already begun when each unpacking has written its last file. */
  const startsWhenUnpacked = () => {
    const starts = jest.spyOn(PGlite, 'create');
    const unpack = prepared.unpackCluster;
    const seen: number[] = [];
    jest.spyOn(prepared, 'unpackCluster').mockImplementation(async (tar, into) => {
      await unpack(tar, into);
      seen.push(starts.mock.calls.length);
    });
    return { starts, seen };
  };

  it('begun before the unpacking ends, it opens the whole folder, with 32 MB of shared buffers (as in memory)', async () => {
    const { seen } = startsWhenUnpacked();
    for (const env of [{ ORDERS_DATA_DIR: path.join(dir, 'orders') }, { DATABASE_URL: 'memory://' }]) {
      const db = await openDatabase(env);
      try {
        expect(await db.query('SELECT count(*)::int AS n FROM checkout_orders')).toEqual([{ n: 0 }]);
        expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      } finally {
        await db.close();
      }
    }
    expect(seen).toEqual([1]);
  }, 120_000);

  it('if it fails, the opening fails only once the unpacking has stopped writing; the folder is then free and whole', async () => {
    const { starts, seen } = startsWhenUnpacked();
    starts.mockRejectedValueOnce(new Error('PGlite failed to initialize properly'));
    const env = { ORDERS_DATA_DIR: path.join(dir, 'orders') };
    await expect(openDatabase(env).finally(() => seen.push(-1))).rejects.toThrow('PGlite failed to initialize properly');
    expect(seen).toEqual([1, -1]);
    const db = await openDatabase(env);
    try {
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(seen).toEqual([1, -1]); // the second opening found the cluster in place
  }, 120_000);
});

describe("the prepared cluster comes migrated, and becomes this release's at its first opening", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const ourTables = (db: Database, schema: string) =>
    db.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY 1', [schema]);

  it("a new folder: nothing left to migrate, its ledger this release's from now, its mark (version 0) gone", async () => {
    const before = new Date(Date.now() - 1000); // the database's clock, to the second
    const db = await openDatabase({ ORDERS_DATA_DIR: path.join(dir, 'orders') });
    try {
      expect(await migrate(db)).toEqual([]);
      const rows = await db.query<{ version: number; release: string; applied_at: Date }>(
        'SELECT version, release, applied_at FROM checkout_schema_migrations ORDER BY version',
      );
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
      for (const row of rows) {
        expect(row.release).toBe(`${serverRelease.name} ${serverRelease.version}`);
        expect(row.applied_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
      }
    } finally {
      await db.close();
    }
  }, 120_000);

  it('DATABASE_SCHEMA, on a folder unpacked but never opened (a crash between): its tables move into the schema; MIGRATE=off starts', async () => {
    const dataDir = path.join(dir, 'orders');
    await prepared.unpackCluster(await prepared.preparedCluster(), dataDir);
    const db = await openDatabase({ ORDERS_DATA_DIR: dataDir, DATABASE_SCHEMA: 'shop', DATABASE_MIGRATE: 'off' });
    try {
      expect(await ourTables(db, 'public')).toEqual([]);
      expect((await ourTables(db, 'shop')).map((row) => row.name)).toEqual(
        expect.arrayContaining(['checkout_orders', 'checkout_schema_migrations', 'checkout_subscriptions']),
      );
      expect(await db.query('SELECT count(*)::int AS n FROM checkout_orders')).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
