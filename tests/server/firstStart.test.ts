/** @jest-environment node */
// The embedded database's first start: a new folder gets the prepared cluster (no initdb, which takes
// about 50 s on a loaded 2-core machine), so it costs about what a restart of that folder costs, measured
// in the same run; and the engine the code names is the one installed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/open';
import { PG_MAJOR, PGLITE_VERSION } from '../../server/db/pgliteEngine';

const timed = async (env: NodeJS.ProcessEnv) => {
  const started = performance.now();
  const db = await openDatabase(env);
  const ms = performance.now() - started;
  return { db, ms };
};

it('the engine named in pgliteEngine.ts is the one installed', async () => {
  const installed = JSON.parse(readFileSync(require.resolve('@electric-sql/pglite').replace(/dist[\\/].*$/, 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(installed.version).toBe(PGLITE_VERSION);
  const { db } = await timed({ DATABASE_URL: 'memory://' });
  try {
    expect((await db.query<{ server_version: string }>('SHOW server_version'))[0].server_version).toMatch(new RegExp(`^${PG_MAJOR}\\.`));
  } finally {
    await db.close();
  }
}, 120_000);

it('a new folder opens from the prepared cluster: its first start costs about a restart, not an initdb', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  const env = { ORDERS_DATA_DIR: path.join(dir, 'orders') };
  try {
    await (await timed({ DATABASE_URL: 'memory://' })).db.close(); // PGlite's WebAssembly compiled once, for both below
    const first = await timed(env);
    await first.db.close();
    const restart = await timed(env);
    expect(await restart.db.query('SELECT count(*)::int AS n FROM checkout_orders')).toEqual([{ n: 0 }]);
    await restart.db.close();
    expect(readFileSync(path.join(env.ORDERS_DATA_DIR, 'PG_VERSION'), 'utf8').trim()).toBe(PG_MAJOR);
    expect(first.ms).toBeLessThan(2 * restart.ms + 2_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
