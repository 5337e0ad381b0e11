// Which database holds the orders, read once from the environment (every bad value reported at once):
// `DATABASE_URL=postgres://…` for a Postgres server (any number of instances share it); otherwise the
// embedded PGlite in a folder (`ORDERS_DATA_DIR`, default `.data/orders`, or `DATABASE_URL=pglite:<folder>`),
// or in memory with `DATABASE_URL=memory://`. The embedded database is for development and one process:
// under NODE_ENV=production it must be chosen by name (`DATABASE_URL=pglite:…`), never by forgetting
// DATABASE_URL. `DATABASE_SCHEMA` puts our tables in a schema of their own; `DATABASE_MIGRATE=off`
// leaves migrating to `checkout-server migrate` (a role with DDL rights) and refuses a schema behind.
import path from 'node:path';
import { MAX_TIMER_MS } from '../../src/core/bounds';
import { DEFAULT_RECORD_TIMEOUT_MS } from './boundedRecord';
import { SCHEMA_NAME } from './migrations';
import { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres';
import { DEFAULT_STARTUP_WAIT_MS } from './whenReachable';

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
  /** DATABASE_SCHEMA: our tables in this schema (created by the migration), on every connection's search_path. */
  schema?: string;
  /** DATABASE_MIGRATE: false leaves migrating to `checkout-server migrate`; start-up then only checks. */
  migrateOnStart: boolean;
}

export const isPostgres = (url: string | undefined): boolean => !!url && /^postgres(ql)?:\/\//.test(url);
const PGLITE = 'pglite:';

function durationFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const value = env[name];
  if (value === undefined) return fallback;
  const ms = Number(value);
  // A bound, never none: clamped to what a timer holds (pg's timers and ours).
  if (ms > 0) return Math.min(ms, MAX_TIMER_MS);
  problems.push(`${name} must be a number of milliseconds, not ${value}.`);
  return fallback;
}

/** The PGlite folder when the orders are in one (no DATABASE_URL, or `pglite:<folder>`), else undefined. */
export function embeddedDirOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.DATABASE_URL || undefined;
  if (url?.startsWith(PGLITE)) return path.resolve(url.slice(PGLITE.length) || env.ORDERS_DATA_DIR || DEFAULT_DATA_DIR);
  return url ? undefined : path.resolve(env.ORDERS_DATA_DIR ?? DEFAULT_DATA_DIR);
}

/** PGlite's folder: the one `embeddedDirOf` names, or the default when another database is configured. */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) =>
  embeddedDirOf(env) ?? path.resolve(env.ORDERS_DATA_DIR ?? DEFAULT_DATA_DIR);

function checkUrl(env: NodeJS.ProcessEnv, problems: string[]): void {
  const url = env.DATABASE_URL || undefined;
  if (url && !isPostgres(url) && url !== 'memory://' && !url.startsWith(PGLITE))
    problems.push(`DATABASE_URL must be postgres://…, pglite:<folder> or memory://, not ${url.split(':')[0]}:….`);
  if (!url && env.NODE_ENV === 'production')
    problems.push(
      'NODE_ENV=production and no DATABASE_URL: set DATABASE_URL=postgres://… (instances share the orders), or choose the embedded database, one process, by name: DATABASE_URL=pglite:/data/orders.',
    );
}

/** The environment's database settings (see the head of this file). Throws every bad value at once. */
export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const problems: string[] = [];
  checkUrl(env, problems);
  const url = env.DATABASE_URL || undefined;
  const schema = env.DATABASE_SCHEMA || undefined;
  if (schema && !SCHEMA_NAME.test(schema)) problems.push(`DATABASE_SCHEMA must be a lower-case SQL name (a-z, 0-9, _), not ${schema}.`);
  const migrate = env.DATABASE_MIGRATE ?? 'on';
  if (migrate !== 'on' && migrate !== 'off') problems.push(`DATABASE_MIGRATE must be on or off, not ${migrate}.`);
  const config: DatabaseConfig = {
    url: url?.startsWith(PGLITE) ? undefined : url,
    dataDir: dataDirOf(env),
    postgres: {
      connectMs: durationFromEnv(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.connectMs, problems),
      queryMs: durationFromEnv(env, 'DATABASE_QUERY_TIMEOUT_MS', DEFAULT_POSTGRES_TIMEOUTS.queryMs, problems),
    },
    recordTimeoutMs: durationFromEnv(env, 'DATABASE_RECORD_TIMEOUT_MS', DEFAULT_RECORD_TIMEOUT_MS, problems),
    folderWaitMs: durationFromEnv(env, 'ORDERS_FOLDER_WAIT_MS', DEFAULT_FOLDER_WAIT_MS, problems),
    startupWaitMs: durationFromEnv(env, 'DATABASE_STARTUP_WAIT_MS', DEFAULT_STARTUP_WAIT_MS, problems),
    schema,
    migrateOnStart: migrate !== 'off',
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

/** A one-off command's statements (a restore's script, a migration's index) run for minutes, not a request's 2 s. */
export const COMMAND_QUERY_MS = 10 * 60_000;

/** The configuration for `migrate`, `backup` and `restore`: DATABASE_QUERY_TIMEOUT_MS if set, else COMMAND_QUERY_MS. */
export function commandDatabaseFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  const config = databaseFromEnv(env);
  if (env.DATABASE_QUERY_TIMEOUT_MS !== undefined) return config;
  return { ...config, postgres: { ...config.postgres, queryMs: COMMAND_QUERY_MS } };
}
