// Starting PGlite on the orders' folder: a folder with no cluster yet gets the prepared one
// (preparedCluster.ts), unpacked while PGlite instantiates Postgres, with the start parameters below.
import { renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { FencedNodeFS } from './fencedNodeFS';
import type { FolderLock } from './folderLock';
import type { PgliteOptions } from './pglite';
import { checkFolderEngine, folderMajor } from './pgliteEngine';
import { preparedCluster, unpackCluster } from './preparedCluster';

/**
 * Postgres's default 128 MB of shared buffers cost every start of PGlite about 0.35 s of CPU (Emscripten
 * zeroes its whole shared memory, page by page) and 100 MB of memory. The orders' working set is far
 * smaller, and the machine's page cache keeps the folder's files.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** The folder's cluster checked, or, when it has none yet, the prepared one unpacked into it whole. */
async function prepareFolder(dataDir: string, log: (line: string) => void): Promise<void> {
  checkFolderEngine(dataDir);
  if (folderMajor(dataDir) !== undefined) return;
  const unpacking = `${dataDir}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  await unpackCluster(await preparedCluster(log), unpacking);
  rmSync(dataDir, { recursive: true, force: true }); // no cluster in it: at most an empty folder, or a torn initdb
  renameSync(unpacking, dataDir);
}

/**
 * PGlite on `dataDir` (or `memory://`), its cluster prepared first when the folder has none. Whatever
 * fails, nothing is still writing into the folder when this settles: the caller releases the lock after.
 */
export async function startPglite(
  dataDir: string,
  lock: FolderLock | undefined,
  wasm: Promise<WebAssembly.Module> | undefined,
  options: Pick<PgliteOptions, 'engine' | 'log'>,
): Promise<PGlite> {
  const log = options.log ?? ((line: string) => console.error(`[orders] ${line}`));
  if (options.engine) return options.engine.create(dataDir);
  // Should our compile fail, PGlite loads its module itself, and says what is wrong with it.
  const engineOptions = async () => ({ startParams: START_PARAMS, pgliteWasmModule: await wasm?.catch(() => undefined) });
  if (!lock) {
    const loadDataDir = new Blob([new Uint8Array(await preparedCluster(log))], { type: 'application/x-tar' });
    return PGlite.create({ loadDataDir, ...(await engineOptions()) });
  }
  // PGlite starts (instantiates Postgres, loads its own files) while the folder is prepared, and reads
  // the folder only once that is done (FencedNodeFS).
  const preparing = prepareFolder(dataDir, log);
  try {
    return await PGlite.create({ fs: new FencedNodeFS(dataDir, () => lock.isLost(), preparing), ...(await engineOptions()) });
  } finally {
    await preparing.catch(() => {});
  }
}
