// The embedded default: PGlite, Postgres compiled to WebAssembly, inside the npm package (no server,
// no native build). It persists to a directory, or `memory://` for a throwaway. One connection, and
// one process per directory: PGlite has no lock of its own and two writers would lose orders, so the
// folder has an owner (folderLock.ts: a generation with a heartbeat, not a PID, which containers do
// not share). An owner that loses it closes the database at once and says so.
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DEFAULT_FOLDER_LOCK, FolderLockedError, lockFolder, type FolderLock, type FolderLockPolicy } from './folderLock';
import type { Database, Queryable } from './sql';

export interface PgliteOptions {
  /** Told once if another process takes the folder over (or the heartbeat cannot be written). */
  onLost?: (error: Error) => void;
  lock?: FolderLockPolicy;
}

/** Where the owner of `dataDir` is recorded: a folder beside it (PGlite owns everything inside). */
export const ownerFolderOf = (dataDir: string) => path.join(path.dirname(dataDir), `${path.basename(dataDir)}.owner`);

async function takeFolder(dataDir: string, onLost: (error: Error) => void, policy: FolderLockPolicy): Promise<FolderLock> {
  try {
    return await lockFolder(ownerFolderOf(dataDir), onLost, policy);
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
    throw new FolderLockedError(
      `The orders folder ${dataDir} is open in another process: ${error.message} PGlite takes one process. Stop it, or set DATABASE_URL=postgres://… to share orders between processes.`,
    );
  }
}

export async function openPglite(dataDir: string, { onLost = (error) => console.error(`[orders] ${error.message}`), lock: policy = DEFAULT_FOLDER_LOCK }: PgliteOptions = {}): Promise<Database> {
  let lostWith: Error | undefined;
  let db: PGlite | undefined;
  let closing: Promise<void> | undefined;
  const shut = () => (closing ??= db ? db.close() : Promise.resolve());
  const lose = (error: Error) => {
    lostWith = error;
    void shut().catch(() => {});
    onLost(error);
  };
  const lock = dataDir.includes('://') ? undefined : await takeFolder(dataDir, lose, policy);
  // After a loss, every statement fails with the reason, never with PGlite's bare "closed".
  const guard = <T>(run: () => Promise<T>) => (lostWith || lock?.isLost() ? Promise.reject(lostWith ?? new Error(`Lost the lock on ${dataDir}.`)) : run());
  const wrap = (target: PGlite | Transaction): Queryable => ({
    query: <Row>(text: string, params?: unknown[]) => guard(async () => (await target.query<Row>(text, params)).rows),
    exec: (script) => guard(async () => void (await target.exec(script))),
  });
  db = await PGlite.create(dataDir).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  if (lostWith) {
    await db.close();
    throw lostWith;
  }
  const open = db;
  return {
    kind: 'pglite',
    ownedDir: lock?.dir,
    ...wrap(open),
    transaction: (work) => guard(() => open.transaction((tx) => work(wrap(tx)))),
    close: () => shut().finally(() => lock?.release()),
  };
}
