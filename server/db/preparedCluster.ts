// A new PGlite database is not made by initdb at the first start: initdb in WebAssembly takes 18 to 40 s
// and about 790 MB on a busy 2-core machine, longer than the button's 15 s session timeout. A cluster
// made once, by this PGlite version, and already migrated to this release's schema, is kept as a
// tarball: unpacked into an empty folder with Node's own fs before PGlite opens it as it opens any
// existing folder; in memory, PGlite loads it itself (`loadDataDir`). The package ships it beside this
// module (its `prepack` makes it); otherwise `checkout-server prepare-db` makes it into the app's cache
// (an image's build step), or the first start makes it, once, saying so.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { constants, zstdCompress, zstdDecompress } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS, migrate } from './migrations';
import { PGLITE_VERSION } from './pgliteEngine';
import { LEDGER, LEDGER_DDL } from './schemaLedger';
import { pgliteQueryable } from './pgliteQueryable';
import type { Database } from './sql';

/**
 * zstd with long-distance matching: the cluster's three databases repeat each other's catalogs 8 MB
 * apart, so 40 MB packs into 1.3 MB (gzip: 4.4 MB), small enough to ship in the package.
 */
const ZSTD = {
  params: { [constants.ZSTD_c_compressionLevel]: 9, [constants.ZSTD_c_enableLongDistanceMatching]: 1, [constants.ZSTD_c_windowLog]: 27 },
};

/**
 * Where a prepared cluster is looked for: shipped beside the code, the app's cache, the machine's
 * (written first). A cache folder another user can write to is passed over: its tarball becomes orders' database.
 */
export function preparedClusterPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const cache = env.CHECKOUT_CACHE_DIR ?? path.join(process.cwd(), 'node_modules', '.cache', 'checkout-server');
  return [
    path.join(__dirname, PREPARED_CLUSTER_FILE),
    path.join(cache, PREPARED_CLUSTER_FILE),
    path.join(os.tmpdir(), 'checkout-server', PREPARED_CLUSTER_FILE),
  ];
}

/** The folder is this user's and nobody else may write into it. */
function ownedFolder(file: string): boolean {
  const folder = statSync(path.dirname(file), { throwIfNoEntry: false });
  if (!folder) return false;
  const uid = process.getuid?.();
  return (uid === undefined || folder.uid === uid) && (folder.mode & 0o022) === 0;
}

/** PGlite's one connection, as the migrations speak to a database. */
const asDatabase = (db: PGlite): Database => ({
  kind: 'pglite',
  ...pgliteQueryable(db),
  transaction: (work) => db.transaction((tx) => work(pgliteQueryable(tx))),
  close: () => db.close(),
});

/** A prepared cluster's ledger says so with this version: its first opening adopts it (pglite.ts) and deletes the row. */
export const PREPARED_MARK = 0;

/** What the tarball was made by: this PGlite and this release's schema (its migrations, as written). */
const SCHEMA_ID = `${MIGRATIONS.length}-${createHash('sha256')
  .update([`mark ${PREPARED_MARK}`, LEDGER_DDL, ...MIGRATIONS].join('\0'))
  .digest('hex')
  .slice(0, 12)}`;

/** The prepared cluster's file name: another PGlite or another schema is another file. */
export const PREPARED_CLUSTER_FILE = `pgdata-pglite-${PGLITE_VERSION}-schema-${SCHEMA_ID}.tar.zst`;

/** Makes the cluster with initdb (the slow way, once), migrates it, and writes it where `preparedClusterPaths` looks. */
export async function prepareCluster(target = preparedClusterPaths()[2]): Promise<string> {
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  if (!ownedFolder(target))
    throw new Error(`${path.dirname(target)} is not this user's alone: a prepared cluster there could be replaced.`);
  const db = await PGlite.create();
  try {
    await migrate(asDatabase(db));
    await db.query(`INSERT INTO ${LEDGER} (version, release) VALUES ($1, 'prepared')`, [PREPARED_MARK]);
    const tar = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    const packed = await promisify(zstdCompress)(tar, ZSTD);
    // Written whole, then renamed: a process reading it never sees half a tarball.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, packed);
    renameSync(partial, target);
    return target;
  } finally {
    await db.close();
  }
}

/** The prepared cluster's file; made (slowly, said by `log`) when none exists. */
export async function preparedClusterFile(log: (line: string) => void = () => {}): Promise<string> {
  const [shipped, appCache, machineCache] = preparedClusterPaths();
  const found = [shipped, appCache, machineCache].find((file) => existsSync(file) && (file === shipped || ownedFolder(file)));
  if (found) return found;
  log(
    `No prepared PGlite ${PGLITE_VERSION} cluster for this schema: making one (once; checkout-server prepare-db makes it ahead of time).`,
  );
  return prepareCluster(machineCache).catch(() => prepareCluster(appCache));
}

/** The prepared cluster as a tar archive. */
export async function preparedCluster(log?: (line: string) => void): Promise<Buffer> {
  // In one 64 MB piece: in zlib's 16 KB pieces the 40 MB took 2.5 times the CPU.
  return promisify(zstdDecompress)(readFileSync(await preparedClusterFile(log)), { chunkSize: 1 << 26 });
}

const text = (block: Buffer, from: number, length: number) => block.toString('utf8', from, from + length).replace(/\0.*$/s, '');

/** Files written at once: the writes wait on the disk, not the CPU, so a busy machine's turns overlap them. */
const WRITES_AT_ONCE = 16;

/** The tarball's folders and files, named from the cluster's root (PGlite's tarballs are plain ustar). */
function tarEntries(tar: Buffer): { folders: string[]; files: Array<{ name: string; data: Buffer }> } {
  const folders: string[] = [];
  const files: Array<{ name: string; data: Buffer }> = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = path.normalize(`/${path.join(text(header, 345, 155), text(header, 0, 100))}`);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    if (header[156] === 0x35 /* '5': a folder */) folders.push(name);
    else files.push({ name, data: tar.subarray(at + 512, at + 512 + size) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return { folders, files };
}

/**
 * Unpacks the prepared cluster (`preparedCluster`'s archive) into `dataDir` (which must hold no cluster yet): every folder first, then
 * the files, several at a time. Private modes: it holds orders. Asynchronous throughout, so the process
 * keeps answering (and its folder lock keeps beating) meanwhile.
 */
export async function unpackCluster(tar: Buffer, dataDir: string): Promise<void> {
  const { folders, files } = tarEntries(tar);
  const within = (name: string) => path.join(dataDir, name);
  const needed = new Set([dataDir, ...folders.map(within), ...files.map(({ name }) => path.dirname(within(name)))]);
  for (const folder of [...needed].sort()) await mkdir(folder, { recursive: true, mode: 0o700 });
  let next = 0;
  let failed: Error | undefined;
  const writer = async () => {
    // After a failed write the others stop too: nothing is still writing once this has thrown.
    while (next < files.length && failed === undefined) {
      const { name, data } = files[next++];
      await writeFile(within(name), data, { mode: 0o600 }).catch(
        (error: unknown) => void (failed ??= error instanceof Error ? error : new Error(String(error))),
      );
    }
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writer));
  if (failed !== undefined) throw failed;
}
