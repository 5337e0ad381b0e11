// A Postgres server (`DATABASE_URL=postgres://…`), through the `pg` package's pool: every instance
// of the server shares the orders, and the claim's single statement keeps them from shipping twice.
// `pg` waits for ever by default: a Postgres that accepts and never answers (a failover, a saturated
// pooler) would hold every request and every pooled connection. So every connection and every
// statement has a bound (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS): a connection not
// ready in time fails, a statement past its time is cancelled by the server (statement_timeout) and
// given up by the client (query_timeout) if the server does not answer at all.
import pg from 'pg';
import type { Database, Queryable } from './sql';

export interface PostgresTimeouts {
  /** To get a connection: open one (TCP and start-up) or wait for a pooled one. */
  connectMs: number;
  /** One statement, on the server and on the client. */
  queryMs: number;
}

/** Short: the session routes wait on these before Stripe (they degrade past them, see records.ts). */
export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 1_000, queryMs: 2_000 };

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
  exec: async (script) => void (await client.query(script)),
});

export async function openPostgres(
  connectionString: string,
  max = 10,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
  schema?: string,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    // DATABASE_SCHEMA: set as each connection starts, so no statement ever runs on another search_path.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.queryMs,
  });
  // An idle connection the server drops (a restart, a failover) must not crash the process.
  pool.on('error', (error) => console.error('[orders] an idle Postgres connection failed', error));
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // Dropped, not rolled back: after a timeout the connection may still be busy with the statement
        // given up on, and a ROLLBACK would wait behind it. Closing the connection rolls back as well.
        client.release(true);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}
