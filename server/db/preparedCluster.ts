// A new PGlite database is not made by initdb at the first start: initdb in WebAssembly takes 18 to 40 s
// and about 790 MB on a busy 2-core machine, longer than the button's 15 s session timeout. A cluster
// made once, by this PGlite version, is kept as a tarball, unpacked into an empty folder with Node's own
// fs (about a second for its 40 MB quiet, half of it the gunzip) before PGlite opens it as it opens any existing folder;
// in memory, PGlite loads it itself (`loadDataDir`). The tarball is shipped beside this module by `npm run pack:server`
// (or made by `checkout-server prepare-db`, an image's build step); otherwise the first start makes it
// into a cache, once per PGlite version, saying so.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_VERSION } from './pgliteEngine';

const FILE = `pgdata-pglite-${PGLITE_VERSION}.tar.gz`;

/** Where a prepared cluster is looked for: shipped beside the code, the app's cache, the machine's (written first). */
export function preparedClusterPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const cache = env.CHECKOUT_CACHE_DIR ?? path.join(process.cwd(), 'node_modules', '.cache', 'checkout-server');
  return [path.join(__dirname, FILE), path.join(cache, FILE), path.join(os.tmpdir(), 'checkout-server', FILE)];
}

/** Makes the cluster with initdb (the slow way, once) and writes it where `preparedClusterPaths` looks. */
export async function prepareCluster(target = preparedClusterPaths()[2]): Promise<string> {
  const db = await PGlite.create();
  try {
    const tarball = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(path.dirname(target), { recursive: true });
    // Written whole, then renamed: a process reading it never sees half a tarball.
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, target);
    return target;
  } finally {
    await db.close();
  }
}

/** The prepared cluster's tarball; made (slowly, said by `log`) when none exists. */
export async function preparedCluster(log: (line: string) => void = () => {}): Promise<Buffer> {
  const [shipped, appCache, machineCache] = preparedClusterPaths();
  let found = [shipped, appCache, machineCache].find((file) => existsSync(file));
  if (!found) {
    log(`No prepared PGlite ${PGLITE_VERSION} cluster: making one (once; checkout-server prepare-db makes it ahead of time).`);
    found = await prepareCluster(machineCache).catch(() => prepareCluster(appCache));
  }
  return readFileSync(found);
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
 * Unpacks the prepared cluster into `dataDir` (which must hold no cluster yet): every folder first, then
 * the files, several at a time. Private modes: it holds orders. Asynchronous throughout, so the process
 * keeps answering (and its folder lock keeps beating) meanwhile.
 */
export async function unpackCluster(tarball: Buffer, dataDir: string): Promise<void> {
  const { folders, files } = tarEntries(await promisify(gunzip)(tarball));
  const within = (name: string) => path.join(dataDir, name);
  const needed = new Set([dataDir, ...folders.map(within), ...files.map(({ name }) => path.dirname(within(name)))]);
  for (const folder of [...needed].sort()) await mkdir(folder, { recursive: true, mode: 0o700 });
  let next = 0;
  let failed: Error | undefined;
  const writer = async () => {
    // After a failed write the others stop too: nothing is still writing once this has thrown.
    while (next < files.length && failed === undefined) {
      const { name, data } = files[next++];
      await writeFile(within(name), data, { mode: 0o600 }).catch((error: unknown) => void (failed ??= error instanceof Error ? error : new Error(String(error))));
    }
  };
  await Promise.all(Array.from({ length: WRITES_AT_ONCE }, writer));
  if (failed !== undefined) throw failed;
}
