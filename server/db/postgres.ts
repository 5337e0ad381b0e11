// A Postgres server (`DATABASE_URL=postgres://…`), through the `pg` package's pool: every instance
// of the server shares the orders, and the claim's single statement keeps them from shipping twice.
import pg from 'pg';
import type { Database, Queryable } from './sql';

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
  exec: async (script) => void (await client.query(script)),
});

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
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
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
