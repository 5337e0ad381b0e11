/** @jest-environment node */
// Below the statements, PGlite's folder is fenced at the filesystem: once the fence says the folder is
// no longer ours, nothing PGlite does (a statement already under way, a checkpoint, its shutdown)
// changes a byte of it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { FencedNodeFS } from '../../server/db/fencedNodeFS';
import { preparedCluster, unpackCluster } from '../../server/db/preparedCluster';

jest.setTimeout(180_000);

/** A digest of every file under `dir`, by relative path. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

it('a fenced folder: the statement fails, the shutdown writes nothing, and every byte stays as it was', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fenced-'));
  let fenced = false;
  try {
    // The prepared cluster, as a first start unpacks it (server/db/pglite.ts): initdb in WebAssembly takes half a minute.
    await unpackCluster(await preparedCluster(), dir);
    const db = await PGlite.create({ fs: new FencedNodeFS(dir, () => fenced) });
    await db.exec('CREATE TABLE t (n integer); INSERT INTO t VALUES (1)');
    await db.exec('CHECKPOINT');
    const before = snapshot(dir);
    fenced = true; // lost: from here on, not one write
    await expect(db.exec('INSERT INTO t SELECT generate_series(1, 10000); CHECKPOINT')).rejects.toThrow();
    await db.close().catch(() => {}); // what a careless owner would do after losing: still nothing lands
    expect(snapshot(dir)).toEqual(before);
    fenced = false;
    const again = await PGlite.create({ fs: new FencedNodeFS(dir, () => false) });
    expect((await again.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
