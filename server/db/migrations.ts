// The schema, as an ordered list of migrations that both drivers run: PGlite and Postgres speak the
// same SQL. A migration, once released, is never edited: add the next one. The ledger
// (schemaLedger.ts, `checkout_schema_migrations`) records which ran; an advisory lock lets instances
// that start together run each one once. Rolling deploys: expand, then contract (docs/server/database.md).
import { appliedVersions, ensureLedger, recordVersion, SchemaBehindError, SchemaTooNewError, schemaVersion } from './schemaLedger';
import type { Database } from './sql';

export const MIGRATIONS: readonly string[] = [
  // 1: one row per Checkout Session that paid or may still pay. `fulfilling` is a lease: its holder
  // is shipping the order until `lease_until`; past it, the holder is taken for dead.
  `CREATE TABLE checkout_orders (
     session_id   text PRIMARY KEY,
     state        text NOT NULL CHECK (state IN ('awaiting_payment', 'fulfilling', 'fulfilled', 'payment_failed', 'expired')),
     lease_token  text,
     lease_until  timestamptz,
     attempts     integer NOT NULL DEFAULT 0,
     last_error   text,
     created_at   timestamptz NOT NULL DEFAULT now(),
     updated_at   timestamptz NOT NULL DEFAULT now(),
     fulfilled_at timestamptz
   )`,
  // 2: the Checkout Session parameters first sent under each Idempotency-Key, so a retry on any
  // instance sends them byte for byte (`params` is text, not jsonb: jsonb reorders keys). `request`
  // says what was asked, so the key reused for another request is refused. Rows older than Stripe's
  // 24 hours are purged (sessionRequests.ts).
  `CREATE TABLE checkout_session_requests (
     idempotency_key text PRIMARY KEY,
     request         text NOT NULL,
     params          text NOT NULL,
     created_at      timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX checkout_session_requests_created_at ON checkout_session_requests (created_at)`,
  // 3: a plain form's submits (server/form/formSubmissions.ts): per fingerprint, the Idempotency-Key its
  // submits share for a short window, and the session it made. Rows past the window are deleted.
  `CREATE TABLE checkout_form_submissions (
     fingerprint     text PRIMARY KEY,
     idempotency_key text NOT NULL,
     session_id      text,
     created_at      timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX checkout_form_submissions_created_at ON checkout_form_submissions (created_at)`,
  // 4: per-client token buckets shared by every instance on one Postgres (limits/sqlLimitStore.ts):
  // the level after the last take, and when (the database's clock, one for all instances).
  `CREATE TABLE checkout_rate_limits (
     kind    text NOT NULL,
     client  text NOT NULL,
     tokens  double precision NOT NULL,
     at      timestamptz NOT NULL,
     taken   boolean NOT NULL,
     PRIMARY KEY (kind, client)
   );
   CREATE INDEX checkout_rate_limits_at ON checkout_rate_limits (at)`,
  // 5: when each scheduled job last started, so N instances run it once per interval (reconcileSchedule.ts).
  `CREATE TABLE checkout_job_runs (
     job         text PRIMARY KEY,
     started_at  timestamptz NOT NULL,
     finished_at timestamptz,
     instance    text NOT NULL
   )`,
  // 6: one row per subscription of this integration (server/subscriptions/): a lease like an order's,
  // so one delivery at a time brings the host up to Stripe's state, and the state the host last heard
  // (`snapshot`, JSON). Each transition the host heard is a row of its own: it is never told twice.
  `CREATE TABLE checkout_subscriptions (
     subscription_id text PRIMARY KEY,
     snapshot        text,
     lease_token     text,
     lease_until     timestamptz,
     attempts        integer NOT NULL DEFAULT 0,
     last_error      text,
     ended           boolean NOT NULL DEFAULT false,
     created_at      timestamptz NOT NULL DEFAULT now(),
     updated_at      timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE checkout_subscription_transitions (
     subscription_id text NOT NULL,
     transition      text NOT NULL,
     delivered_at    timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (subscription_id, transition)
   )`,
];

/** Any constant of ours: the advisory lock's key while migrating. */
const MIGRATION_LOCK = 7_301_023;

/** The schema's version this release needs. */
export const LATEST_VERSION = MIGRATIONS.length;

/**
 * Brings the schema up to date; returns the versions it applied (none when it already was). `schema`
 * (DATABASE_SCHEMA) is created first when missing; the connection's search_path already names it.
 * Refuses a schema newer than this release (SchemaTooNewError) without changing anything.
 */
export async function migrate(db: Database, migrations: readonly string[] = MIGRATIONS, schema?: string): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    if (schema) await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await ensureLedger(tx);
    const done = await appliedVersions(tx);
    const found = await schemaVersion(tx);
    if (found.version > migrations.length) throw new SchemaTooNewError(found, migrations.length);
    const applied: number[] = [];
    for (const [index, script] of migrations.entries()) {
      const version = index + 1;
      if (done.has(version)) continue;
      await tx.exec(script);
      await recordVersion(tx, version);
      applied.push(version);
    }
    return applied;
  });
}

/** For a start with DATABASE_MIGRATE=off: reads only, and refuses a schema behind or ahead of this release. */
export async function checkSchema(db: Database, migrations: readonly string[] = MIGRATIONS): Promise<void> {
  const found = await schemaVersion(db);
  if (found.version > migrations.length) throw new SchemaTooNewError(found, migrations.length);
  const done = await appliedVersions(db);
  if (migrations.some((_, index) => !done.has(index + 1))) throw new SchemaBehindError(found, migrations.length);
}

/** DATABASE_SCHEMA is checked against this at start-up (config), so quoting is only belt and braces. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
