// Which database holds the orders: `DATABASE_URL=postgres://…` for a Postgres server (any number of
// instances share it); otherwise PGlite in a folder (`ORDERS_DATA_DIR`, default `.data/orders`,
// git-ignored), or in memory with `DATABASE_URL=memory://`. The schema is brought up to date on open.
import path from 'node:path';
import { MAX_TIMER_MS } from '../../src/core/bounds';
import { DEFAULT_RECORD_TIMEOUT_MS } from './boundedRecord';
import { migrate } from './migrations';
import { openPglite, type PgliteOptions } from './pglite';
import { DEFAULT_POSTGRES_TIMEOUTS, openPostgres, type PostgresTimeouts } from './postgres';
import type { Database } from './sql';
import { DEFAULT_STARTUP_WAIT_MS, whenReachable } from './whenReachable';

export const DEFAULT_DATA_DIR = '.data/orders';
/** How long a server starting waits for another process (`npm run reconcile`) to let go of the PGlite folder. */
export const DEFAULT_FOLDER_WAIT_MS = 5 * 60_000;

export interface DatabaseConfig {
  /** `postgres://…`, `memory://`, or undefined: PGlite in `dataDir`. */
  url?: string;
  dataDir: string;
  postgres: PostgresTimeouts;
  /** What the session routes wait on a record before going to Stripe without it (boundedRecord.ts). */
  recordTimeoutMs: number;
  /** A server waits this long for a live holder of the PGlite folder to let go. */
  folderWaitMs: number;
  /** Start-up waits this long for a Postgres that is not reachable yet (whenReachable.ts). */
  startupWaitMs: number;
}

const isPostgres = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//.test(url);

function durationFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const value = env[name];
  if (value === undefined) return fallback;
  const ms = Number(value);
  // A bound, never none: clamped to what a timer holds (pg's timers and ours).
  if (ms > 0) return Math.min(ms, MAX_TIMER_MS);
  problems.push(`${name} must be a number of milliseconds, not ${value}.`);
  return fallback;
}

/**
 * DATABASE_URL, ORDERS_DATA_DIR, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS,
 * DATABASE_RECORD_TIMEOUT_MS, ORDERS_FOLDER_WAIT_MS. Throws every bad value at once.
 */
export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const problems: string[] = [];
  const url = env.DATABASE_URL || undefined;
  if (url && !isPostgres(url) && url !== 'memory://')
    problems.push(`DATABASE_URL must be postgres://… (or memory:// for a throwaway), not ${url.split(':')[0]}:….`);
  const config = {
    url,
    dataDir: dataDirOf(env),
    postgres: {
      connectMs: durationFromEnv(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.connectMs, problems),
      queryMs: durationFromEnv(env, 'DATABASE_QUERY_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.queryMs, problems),
    },
    recordTimeoutMs: durationFromEnv(env, 'DATABASE_RECORD_TIMEOUT_MS', DEFAULT_RECORD_TIMEOUT_MS, problems),
    folderWaitMs: durationFromEnv(env, 'ORDERS_FOLDER_WAIT_MS', DEFAULT_FOLDER_WAIT_MS, problems),
    startupWaitMs: durationFromEnv(env, 'DATABASE_STARTUP_WAIT_MS', DEFAULT_STARTUP_WAIT_MS, problems),
  };
  if (problems.length) throw new Error(problems.join('\n'));
  return config;
}

/** Where `openDatabase` will keep the orders, for a log line (never the URL's password). */
export function describeDatabase(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.DATABASE_URL;
  if (url && isPostgres(url)) return `Postgres at ${new URL(url).host}${new URL(url).pathname}`;
  if (url === 'memory://') return 'PGlite in memory';
  return `PGlite in ${dataDirOf(env)}`;
}

/** PGlite's folder when the orders are in one (no DATABASE_URL). */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) => path.resolve(env.ORDERS_DATA_DIR ?? DEFAULT_DATA_DIR);

/** `pglite`: what the embedded database does if another process takes its folder over (folderLock.ts). */
export async function openDatabase(env: NodeJS.ProcessEnv | DatabaseConfig = process.env, pglite: PgliteOptions = {}): Promise<Database> {
  const config =
    'postgres' in env && typeof env.postgres === 'object' ? (env as DatabaseConfig) : databaseFromEnv(env as NodeJS.ProcessEnv);
  const db =
    config.url && isPostgres(config.url)
      ? await openPostgres(config.url, 10, config.postgres)
      : await openPglite(config.url ?? config.dataDir, pglite);
  try {
    if (db.kind === 'postgres') await whenReachable(() => migrate(db), config.startupWaitMs);
    else await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
