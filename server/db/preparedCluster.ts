// A new PGlite database is not made by initdb at the first start: initdb in WebAssembly takes 18 to 40 s
// and about 790 MB on a busy 2-core machine, longer than the button's 15 s session timeout. A cluster
// made once, by this PGlite version, is kept as a tarball, unpacked into an empty folder with Node's own
// fs (a few hundred milliseconds for its 40 MB) before PGlite opens it as it opens any existing folder;
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

/**
 * Unpacks the prepared cluster into `dataDir` (which must hold no cluster yet). PGlite's tarballs are
 * plain ustar: regular files and folders, names from the cluster's root. Private modes: it holds orders.
 * Asynchronous throughout, so the process keeps answering (and its folder lock keeps beating) meanwhile.
 */
export async function unpackCluster(tarball: Buffer, dataDir: string): Promise<void> {
  const tar = await promisify(gunzip)(tarball);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = path.join(text(header, 345, 155), text(header, 0, 100));
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const target = path.join(dataDir, path.normalize(`/${name}`));
    if (header[156] === 0x35 /* '5': a folder */) await mkdir(target, { recursive: true, mode: 0o700 });
    else {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, tar.subarray(at + 512, at + 512 + size), { mode: 0o600 });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
