/** @jest-environment node */
// Migrations on a database we share: another tool's `schema_migrations` (golang-migrate's, Rails') is
// neither written into nor in the way; an older release's own ledger is adopted once; a schema newer
// than the code is refused, naming the version and the release; DATABASE_MIGRATE=off only checks, and
// `checkout-server migrate` is the step that migrates; DATABASE_SCHEMA keeps our tables in a schema.
import { migrate as migrateCommand } from '../../server/cli/migrate';
import { checkSchema, migrate, MIGRATIONS } from '../../server/db/migrations';
import { connectDatabase, databaseFromEnv, openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/sql';
import { silentLogger } from '../../server/log/logger';
import { describeEachDatabase } from '../support/databases';

const ALL = MIGRATIONS.map((_, i) => i + 1);
const tables = async (db: Database, schema = 'public') =>
  (
    await db.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [
      schema,
    ])
  ).map((row) => row.table_name);
const ledger = async (db: Database) =>
  (await db.query<{ version: number }>('SELECT version FROM checkout_schema_migrations ORDER BY version')).map((row) => row.version);

/** A database holding none of ours yet. A new PGlite one comes at this release's schema (the prepared cluster): its tables go. */
async function withoutOurTables(db: Database): Promise<void> {
  for (const name of await tables(db)) await db.exec(`DROP TABLE public.${name}`);
}

describeEachDatabase('migrations on a shared database', (driver, databases) => {
  let db: Database;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    env = await databases.fresh();
    db = await connectDatabase(databaseFromEnv(env));
    if (driver === 'pglite') await withoutOurTables(db);
  }, 60_000);
  afterEach(() => db?.close());

  it("golang-migrate's schema_migrations (version bigint, dirty boolean) is left as it was", async () => {
    await db.exec('CREATE TABLE schema_migrations (version bigint NOT NULL PRIMARY KEY, dirty boolean NOT NULL)');
    await db.query('INSERT INTO schema_migrations VALUES (20240101120000, false)');
    expect(await migrate(db)).toEqual(ALL);
    expect(await db.query('SELECT version::text, dirty FROM schema_migrations')).toEqual([{ version: '20240101120000', dirty: false }]);
    expect(await ledger(db)).toEqual(ALL);
    expect(await migrate(db)).toEqual([]);
  });

  it("Rails' schema_migrations (version varchar) is left as it was, and the next start migrates nothing", async () => {
    await db.exec('CREATE TABLE schema_migrations (version character varying NOT NULL PRIMARY KEY)');
    await db.query("INSERT INTO schema_migrations VALUES ('20240101120000')");
    expect(await migrate(db)).toEqual(ALL);
    expect(await db.query('SELECT version FROM schema_migrations')).toEqual([{ version: '20240101120000' }]);
    expect(await migrate(db)).toEqual([]);
    await expect(checkSchema(db)).resolves.toBeUndefined();
  });

  it("an older release's own schema_migrations: its rows are adopted once, nothing runs twice, its table stays for that release", async () => {
    await db.exec('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const [index, script] of MIGRATIONS.slice(0, 3).entries()) {
      await db.exec(script);
      await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    expect(await migrate(db)).toEqual(ALL.slice(3));
    expect(await ledger(db)).toEqual(ALL);
    expect((await db.query('SELECT version FROM schema_migrations')).length).toBe(3);
  });

  it('a schema newer than the code is refused, naming the version and the release that wrote it; nothing changes', async () => {
    await migrate(db, [...MIGRATIONS, 'CREATE TABLE checkout_future (id integer)']);
    const newer = MIGRATIONS.length + 1;
    const refusal = new RegExp(
      `schema is at version ${newer}, written by @checkout/server .*; this release .* knows versions up to ${MIGRATIONS.length}`,
    );
    await expect(migrate(db)).rejects.toThrow(refusal);
    await expect(checkSchema(db)).rejects.toThrow(refusal);
    expect(await ledger(db)).toEqual([...ALL, newer]);
  });

  it('DATABASE_MIGRATE=off: a schema behind is refused at start, with the command that migrates it', async () => {
    await migrate(db, MIGRATIONS.slice(0, 2));
    await expect(checkSchema(db)).rejects.toThrow(
      `The database's schema is at version 2; this release (@checkout/server 0.0.0-unbundled) needs version ${MIGRATIONS.length}, and DATABASE_MIGRATE=off: run \`checkout-server migrate\` first`,
    );
    await migrate(db);
    await expect(checkSchema(db)).resolves.toBeUndefined();
  });

  it('DATABASE_SCHEMA: our tables and ledger in that schema; another tool in public untouched', async () => {
    await db.close();
    const config = databaseFromEnv({ ...env, DATABASE_SCHEMA: 'checkout' });
    db = await connectDatabase(config);
    await db.exec('CREATE TABLE public.schema_migrations (version bigint NOT NULL PRIMARY KEY, dirty boolean NOT NULL)');
    // A new PGlite cluster's tables were moved into the schema as it opened: nothing is left to run.
    expect(await migrate(db, undefined, config.schema)).toEqual(driver === 'pglite' ? [] : ALL);
    expect(await ledger(db)).toEqual(ALL);
    expect(await tables(db, 'checkout')).toEqual(expect.arrayContaining(['checkout_orders', 'checkout_schema_migrations']));
    expect(await tables(db, 'public')).toEqual(['schema_migrations']);
    expect(await db.query("SELECT count(*)::int AS n FROM checkout_orders WHERE state = 'fulfilled'")).toEqual([{ n: 0 }]);
  });

  if (driver === 'postgres') {
    it("start-up on a Postgres holding golang-migrate's ledger; with DATABASE_MIGRATE=off it waits for checkout-server migrate", async () => {
      await db.exec('CREATE TABLE schema_migrations (version bigint NOT NULL PRIMARY KEY, dirty boolean NOT NULL)');
      const off = { ...env, DATABASE_MIGRATE: 'off', DATABASE_SCHEMA: 'shop' };
      await expect(openDatabase(off)).rejects.toThrow(/schema is at version 0; .* run `checkout-server migrate` first/);
      expect(await migrateCommand([], off, silentLogger)).toBe(0);
      const server = await openDatabase(off);
      expect(await server.query('SELECT count(*)::int AS n FROM checkout_orders')).toEqual([{ n: 0 }]);
      await server.close();
      expect(await tables(db, 'shop')).toContain('checkout_orders');
    }, 60_000);
  }
});

it('DATABASE_SCHEMA and DATABASE_MIGRATE are checked at start with the rest', () => {
  expect(() => databaseFromEnv({ DATABASE_SCHEMA: 'Shop; DROP', DATABASE_MIGRATE: 'later' })).toThrow(
    'DATABASE_SCHEMA must be a lower-case SQL name (a-z, 0-9, _), not Shop; DROP.\nDATABASE_MIGRATE must be on or off, not later.',
  );
});

it('NODE_ENV=production without DATABASE_URL is refused; the embedded database is chosen by name', () => {
  expect(() => databaseFromEnv({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production and no DATABASE_URL/);
  expect(databaseFromEnv({ NODE_ENV: 'production', DATABASE_URL: 'pglite:/data/orders' })).toMatchObject({
    url: undefined,
    dataDir: '/data/orders',
  });
});
