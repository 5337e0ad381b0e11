/** @jest-environment node */
// The embedded database's first start: a new folder gets the prepared cluster instead of an initdb
// (about 50 s on a loaded 2-core machine), so it costs a fraction of one, measured in the same run (a
// ratio holds on a busy machine where a duration would not); and the engine the code names is the one
// installed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/open';
import { PG_MAJOR, PGLITE_VERSION } from '../../server/db/pgliteEngine';
import * as prepared from '../../server/db/preparedCluster';

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

it('a new folder opens from the prepared cluster, unpacked once: its first start, migrations included, costs less than an initdb', async () => {
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
