// The embedded default: PGlite, Postgres compiled to WebAssembly, inside the npm package (no server,
// no native build). It persists to a directory, or `memory://` for a throwaway. One connection, and
// one process per directory: PGlite has no lock of its own, so a lock file refuses a second process
// (two writers would corrupt the folder); a lock left by a dead process is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable } from './sql';

const wrap = (db: PGlite | Transaction): Queryable => ({
  query: async <Row>(text: string, params?: unknown[]) => (await db.query<Row>(text, params)).rows,
  exec: async (script) => void (await db.exec(script)),
});

const alive = (pid: number) => {
  try {
    return process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder for this process; returns how to give it back. */
function lockFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  let holder = NaN;
  try {
    holder = Number(readFileSync(lock, 'utf8'));
  } catch {}
  if (holder && holder !== process.pid && alive(holder)) {
    throw new Error(`The orders folder ${dataDir} is open in process ${holder}: PGlite takes one process. Stop it, or set DATABASE_URL=postgres://… to share orders between processes.`);
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

export async function openPglite(dataDir: string): Promise<Database> {
  const unlock = dataDir.includes('://') ? () => {} : lockFolder(dataDir);
  const db = await PGlite.create(dataDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close().finally(unlock),
  };
}
