// The embedded default: PGlite, Postgres compiled to WebAssembly, inside the npm package (no server,
// no native build). It persists to a directory, or `memory://` for a throwaway. One connection, and
// one process per directory: PGlite has no lock of its own and two writers would lose orders, so the
// folder has an owner (folderLock.ts: a generation with a heartbeat, not a PID, which containers do
// not share). An owner that loses it, or can no longer prove it, abandons the database: it never runs
// another statement and never closes it (PGlite's close runs Postgres's shutdown, a checkpoint that
// writes stale pages and the control file over the new owner's). The process should then exit. Below
// the statements, the folder's filesystem is fenced too (fencedNodeFS.ts): a write in flight when the
// process was paused and taken over fails instead of landing. Before opening, the folder's engine is
// checked (pgliteEngine.ts), and a folder with no cluster yet gets the prepared one (pgliteStart.ts),
// already at this release's schema, instead of a slow initdb and the migrations.
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DEFAULT_FOLDER_LOCK, FolderLockedError, lockFolder, type FolderLock, type FolderLockPolicy, type LockWait } from './folderLock';
import { quoteIdentifier } from './migrations';
import { PREPARED_MARK } from './preparedCluster';
import { pgliteQueryable } from './pgliteQueryable';
import { startPglite } from './pgliteStart';
import { pgliteWasmModule } from './pgliteWasm';
import { claimLedger, LEDGER } from './schemaLedger';
import type { Database, Queryable } from './sql';

export interface PgliteOptions {
  /** Told once if another process takes the folder over (or ownership can no longer be proven). */
  onLost?: (error: Error) => void;
  lock?: FolderLockPolicy;
  /** Waiting for a live holder (a server starting while `npm run reconcile` holds the folder). */
  wait?: LockWait;
  /** DATABASE_SCHEMA: on the search_path of PGlite's one connection from the start. */
  schema?: string;
  /** Another PGlite build to open the folder with (`backup --engine`: a folder an older release wrote); never fenced nor prepared. */
  engine?: typeof PGlite;
  /** Told when the first start has to make the prepared cluster (slow, once). */
  log?: (line: string) => void;
}

/**
 * A prepared cluster was migrated in `public` when it was made, and its ledger says so (PREPARED_MARK).
 * At its first opening, in one transaction (a crash before it ends leaves it to the next opening): its
 * ledger becomes this release's, and with DATABASE_SCHEMA its tables move into that schema, as if migrated there.
 */
async function adoptPrepared(db: Database, schema: string | undefined): Promise<void> {
  const [{ ledger }] = await db.query<{ ledger: boolean }>(`SELECT to_regclass('public.${LEDGER}') IS NOT NULL AS ledger`);
  if (!ledger) return;
  await db.transaction(async (tx) => {
    const marks = await tx.query(`DELETE FROM public.${LEDGER} WHERE version = $1 RETURNING version`, [PREPARED_MARK]);
    if (marks.length === 0) return;
    if (schema && schema !== 'public') {
      const tables = await tx.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
      await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
      for (const { name } of tables) await tx.exec(`ALTER TABLE public.${quoteIdentifier(name)} SET SCHEMA ${quoteIdentifier(schema)}`);
    }
    await claimLedger(tx);
  });
}

/** Where the owner of `dataDir` is recorded: a folder beside it (PGlite owns everything inside). */
export const ownerFolderOf = (dataDir: string) => path.join(path.dirname(dataDir), `${path.basename(dataDir)}.owner`);

async function takeFolder(
  dataDir: string,
  onLost: (error: Error) => void,
  policy: FolderLockPolicy,
  wait: LockWait | undefined,
): Promise<FolderLock> {
  try {
    return await lockFolder(ownerFolderOf(dataDir), onLost, policy, wait);
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
    throw new FolderLockedError(
      `The orders folder ${dataDir} is open in another process: ${error.message} PGlite takes one process. Stop it, or set DATABASE_URL=postgres://… to share orders between processes.`,
    );
  }
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const { onLost = (error) => console.error(`[orders] ${error.message}`), lock: policy = DEFAULT_FOLDER_LOCK, wait, schema } = options;
  let lostWith: Error | undefined;
  const lose = (error: Error) => {
    lostWith = error;
    onLost(error);
  };
  // Compiled while the lock is taken and the folder prepared; handled here, awaited (or not) by startPglite.
  const wasm = options.engine ? undefined : pgliteWasmModule();
  wasm?.catch(() => {});
  const lock = dataDir.includes('://') ? undefined : await takeFolder(dataDir, lose, policy, wait);
  const lost = () => (lock?.isLost() ? (lostWith ?? new Error(`Lost the lock on ${dataDir}.`)) : undefined);
  // Statements run one at a time, each checked for ownership just before PGlite starts it (not when it
  // was queued: a statement queued before a pause must not run after it).
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(() => guard(run));
    queue = next.catch(() => {});
    return next;
  };
  const guard = <T>(run: () => Promise<T>) => {
    const error = lost();
    return error ? Promise.reject(error) : run();
  };
  const wrap = (target: PGlite | Transaction, order: typeof guard): Queryable => {
    const on = pgliteQueryable(target);
    return { query: (text, params) => order(() => on.query(text, params)), exec: (script) => order(() => on.exec(script)) };
  };
  const db = await startPglite(dataDir, lock, wasm, options).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  const lostWhileOpening = lost();
  if (lostWhileOpening) throw lostWhileOpening; // lost while it opened: abandoned, never closed
  if (schema) await db.exec(`SET search_path TO ${quoteIdentifier(schema)}`);
  let closing: Promise<void> | undefined;
  const database: Database = {
    kind: 'pglite',
    ownedDir: lock?.dir,
    ...wrap(db, serially),
    // Inside a transaction its statements are already ours in turn: checked, not queued again.
    transaction: (work) => serially(() => db.transaction((tx) => work(wrap(tx, guard)))),
    close: () =>
      (closing ??= queue.then(async () => {
        if (!lost()) await db.close();
      })).finally(() => lock?.release()),
  };
  await adoptPrepared(database, schema).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  return database;
}
