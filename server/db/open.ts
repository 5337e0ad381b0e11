// Which database holds the orders: `DATABASE_URL=postgres://…` for a Postgres server (any number of
// instances share it); otherwise PGlite in a folder (`ORDERS_DATA_DIR`, default `.data/orders`,
// git-ignored), or in memory with `DATABASE_URL=memory://`. The schema is brought up to date on open.
import path from 'node:path';
import { migrate } from './migrations';
import { openPglite, type PgliteOptions } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './sql';

export const DEFAULT_DATA_DIR = '.data/orders';

/** Where `openDatabase` will keep the orders, for a log line (never the URL's password). */
export function describeDatabase(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return `Postgres at ${new URL(url).host}${new URL(url).pathname}`;
  if (url === 'memory://') return 'PGlite in memory';
  return `PGlite in ${dataDirOf(env)}`;
}

/** PGlite's folder when the orders are in one (no DATABASE_URL). */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) => path.resolve(env.ORDERS_DATA_DIR ?? DEFAULT_DATA_DIR);

/** `pglite`: what the embedded database does if another process takes its folder over (folderLock.ts). */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env, pglite: PgliteOptions = {}): Promise<Database> {
  const url = env.DATABASE_URL;
  let db: Database;
  if (url && /^postgres(ql)?:\/\//.test(url)) db = await openPostgres(url);
  else if (url && url !== 'memory://') throw new Error(`DATABASE_URL must be postgres://… (or memory:// for a throwaway), not ${url.split(':')[0]}:…`);
  else db = await openPglite(url ?? dataDirOf(env), pglite);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
