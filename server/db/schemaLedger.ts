// Which migrations ran, in a table of our own name: a database shared with another application may
// already hold a `schema_migrations` of its own (golang-migrate's: version bigint, dirty boolean;
// Rails': version varchar), which we must neither write into nor trip over. Releases before this one
// kept ours in `schema_migrations` (version integer, applied_at timestamptz): those rows are copied
// once, when our ledger is created, and that table is left for a previous release still running in a
// rolling deploy (a later release may drop it). Each row says which release applied it, so a refusal
// can name the release a newer schema came from.
import { serverRelease } from '../release';
import type { Queryable } from './sql';

export const LEDGER = 'checkout_schema_migrations';
const LEGACY = 'schema_migrations';

export interface SchemaVersion {
  /** The highest version applied (0: none). */
  version: number;
  /** The release that applied it, when recorded. */
  release?: string;
}

export const LEDGER_DDL = `CREATE TABLE ${LEDGER} (
  version    integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now(),
  release    text
)`;

/** Ours (integer version, applied_at), as opposed to another tool's table of the same name. */
async function legacyIsOurs(db: Queryable): Promise<boolean> {
  const columns = await db.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name`,
    [LEGACY],
  );
  const shape = columns.map((c) => `${c.column_name}:${c.data_type}`).join(',');
  return shape === 'applied_at:timestamp with time zone,version:integer';
}

// By name in the catalog: information_schema's views cost PGlite tens of milliseconds each on a cold start.
async function ledgerExists(db: Queryable): Promise<boolean> {
  // No schema on the search_path exists yet (DATABASE_SCHEMA before its migration): NULL, so false.
  const [{ found }] = await db.query<{ found: boolean }>(
    "SELECT to_regclass(quote_ident(current_schema()) || '.' || $1::text) IS NOT NULL AS found",
    [LEDGER],
  );
  return found;
}

/** Creates the ledger if missing, adopting an older release's rows. Inside the migration's transaction. */
export async function ensureLedger(db: Queryable): Promise<void> {
  if (await ledgerExists(db)) return;
  await db.exec(LEDGER_DDL);
  if (await legacyIsOurs(db)) await db.exec(`INSERT INTO ${LEDGER} (version, applied_at) SELECT version, applied_at FROM ${LEGACY}`);
}

/** The versions applied, from our ledger, or from an older release's table when ours does not exist yet. */
export async function appliedVersions(db: Queryable): Promise<Set<number>> {
  const table = (await ledgerExists(db)) ? LEDGER : (await legacyIsOurs(db)) ? LEGACY : undefined;
  if (!table) return new Set();
  return new Set((await db.query<{ version: number }>(`SELECT version FROM ${table}`)).map((row) => row.version));
}

export async function schemaVersion(db: Queryable): Promise<SchemaVersion> {
  const versions = await appliedVersions(db);
  const version = Math.max(0, ...versions);
  if (!version || !(await ledgerExists(db))) return { version };
  const [row] = await db.query<{ release: string | null }>(`SELECT release FROM ${LEDGER} WHERE version = $1`, [version]);
  return { version, release: row?.release ?? undefined };
}

export const recordVersion = (db: Queryable, version: number) =>
  db.query(`INSERT INTO ${LEDGER} (version, release) VALUES ($1, $2)`, [version, `${serverRelease.name} ${serverRelease.version}`]);

/** A prepared cluster's rows (migrated when it was made) as this release's, applied now: it made the folder. */
export const claimLedger = (db: Queryable) =>
  db.query(`UPDATE ${LEDGER} SET applied_at = now(), release = $1`, [`${serverRelease.name} ${serverRelease.version}`]);

/** The code is older than the database's schema: it may not understand what is stored. */
export class SchemaTooNewError extends Error {
  readonly code = 'schema_too_new';
  constructor(found: SchemaVersion, known: number) {
    const by = found.release ? `, written by ${found.release}` : '';
    super(
      `The database's schema is at version ${found.version}${by}; this release (${serverRelease.name} ${serverRelease.version}) knows versions up to ${known}. ` +
        `Run that release or a newer one; to go back to this one, restore the backup taken before the upgrade (docs/server/database.md).`,
    );
  }
}

/** Migrating on start is off and the schema is behind the code. */
export class SchemaBehindError extends Error {
  readonly code = 'schema_behind';
  constructor(found: SchemaVersion, needed: number) {
    super(
      `The database's schema is at version ${found.version}; this release (${serverRelease.name} ${serverRelease.version}) needs version ${needed}, ` +
        `and DATABASE_MIGRATE=off: run \`checkout-server migrate\` first, as a role that may change the schema.`,
    );
  }
}
