// PGlite's connection (or one of its transactions) as the order store speaks to a database (sql.ts).
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Queryable } from './sql';

export const pgliteQueryable = (target: PGlite | Transaction): Queryable => ({
  query: async <Row>(text: string, params?: unknown[]) => (await target.query<Row>(text, params)).rows,
  exec: async (script) => void (await target.exec(script)),
});
