// A backup as one plain SQL script that any Postgres 14+ or PGlite takes: the schema (our migrations
// up to the database's version, and the ledger saying so), then every row of our tables as
// `INSERT … SELECT * FROM json_populate_record(…)` with the row's JSON quoted by the database itself.
// Engine-neutral, so it is also how the embedded database moves to a new PGlite (another Postgres
// major) or to Postgres. Read in one REPEATABLE READ transaction: one snapshot, servers may keep running
// on Postgres. Restored only into a database holding none of our tables, or our empty schema of the
// same version; then migrated up to this release.
import { serverRelease } from '../release';
import { migrate, MIGRATIONS } from './migrations';
import { LEDGER, LEDGER_DDL, schemaVersion, SchemaTooNewError } from './schemaLedger';
import type { Database, Queryable } from './sql';

const DATA = '-- data';
const HEADER = /^-- checkout-server backup: schema version (\d+)/;

const ourTables = async (db: Queryable) =>
  (
    await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name LIKE 'checkout\\_%' AND table_name <> $1
        ORDER BY table_name`,
      [LEDGER],
    )
  ).map((row) => row.table_name);

export interface Dump {
  sql: string;
  version: number;
  /** Rows per table. */
  rows: Record<string, number>;
}

export async function dumpDatabase(db: Database): Promise<Dump> {
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const { version } = await schemaVersion(tx);
    if (version === 0) throw new Error('The database holds no orders schema: nothing to back up.');
    if (version > MIGRATIONS.length) throw new SchemaTooNewError({ version }, MIGRATIONS.length);
    const lines = [
      `-- checkout-server backup: schema version ${version}, by ${serverRelease.name} ${serverRelease.version}, ${new Date().toISOString()}`,
      '-- Restore: checkout-server restore <this file>, or on an empty Postgres: psql -v ON_ERROR_STOP=1 -1 -f <this file>',
      ...MIGRATIONS.slice(0, version).map((script) => `${script};`),
      `${LEDGER_DDL};`,
      `INSERT INTO ${LEDGER} (version) SELECT generate_series(1, ${version});`,
      DATA,
    ];
    const rows: Record<string, number> = {};
    for (const table of await ourTables(tx)) {
      const inserts = await tx.query<{ line: string }>(
        `SELECT format('INSERT INTO %I SELECT * FROM json_populate_record(NULL::%I, %L);', $1::text, $1::text, row_to_json(t)::text) AS line
           FROM ${table} t ORDER BY 1`,
        [table],
      );
      rows[table] = inserts.length;
      lines.push(...inserts.map((row) => row.line));
    }
    return { sql: `${lines.join('\n')}\n`, version, rows };
  });
}

/** Restores `sql` (from dumpDatabase) into `db`, then migrates it to this release; the versions migrated. */
export async function restoreDatabase(db: Database, sql: string, schema?: string): Promise<number[]> {
  const version = Number(HEADER.exec(sql)?.[1]);
  const split = sql.indexOf(`\n${DATA}\n`);
  if (!version || split < 0) throw new Error('This is not a checkout-server backup (its first line names the schema version).');
  if (version > MIGRATIONS.length) throw new SchemaTooNewError({ version }, MIGRATIONS.length);
  await db.transaction(async (tx) => {
    if (schema) await tx.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const found = await schemaVersion(tx);
    const tables = await ourTables(tx);
    if (found.version === 0 && tables.length === 0) return tx.exec(sql);
    const counts = await Promise.all(tables.map(async (t) => (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0].n));
    if (found.version !== version || counts.some((n) => n > 0))
      throw new Error(
        `The target already holds ${found.version ? `schema version ${found.version}` : 'tables of ours'}${counts.some((n) => n > 0) ? ' with rows' : ''}: restore into an empty database (or a new folder).`,
      );
    return tx.exec(sql.slice(split + DATA.length + 2));
  });
  return migrate(db, undefined, schema);
}
