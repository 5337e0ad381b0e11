// What the order store needs from a database: Postgres's SQL, with parameters, and a transaction.
// Two drivers give it (pglite.ts: embedded, postgres.ts: a server); everything above speaks only this.

export interface Queryable {
  /** One statement with `$1…` parameters; the rows it returns. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** A script of statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** `pglite` (embedded) or `postgres`, for logs and docs. */
  readonly kind: 'pglite' | 'postgres';
  /** PGlite in a folder: a folder only this process writes while it owns the database (the reconcile socket's). */
  readonly ownedDir?: string;
}
