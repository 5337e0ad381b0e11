// Per-client buckets in the orders' Postgres, so every instance spends one budget: a take is one
// statement that refills the client's bucket by the time passed on the database's clock (the one clock
// all instances share), takes a token if there is one, and says whether it did. Concurrent takes for a
// client queue on its row. A database that cannot answer in time lets the call through (logged and
// counted by boundedRecord.ts): a limit is worth less than a payment.
import { defaultRecordBound, withinBound, type RecordBound } from '../db/boundedRecord';
import type { Queryable } from '../db/sql';
import { retryAfterSeconds, type LimitStore } from './rateLimit';

/** Rows untouched this long are full buckets (any limit refills in less): deleted. */
const FORGET_AFTER = '1 hour';
const PURGE_EVERY_MS = 10 * 60_000;

// $3 burst, $4 tokens per second. `level` is the bucket now, before this take.
const LEVEL = `LEAST($3::float8, b.tokens + EXTRACT(EPOCH FROM (now() - b.at)) * $4::float8)`;
const TAKE = `
  INSERT INTO checkout_rate_limits AS b (kind, client, tokens, at, taken) VALUES ($1, $2, $3::float8 - 1, now(), true)
  ON CONFLICT (kind, client) DO UPDATE SET
    tokens = ${LEVEL} - CASE WHEN ${LEVEL} >= 1 THEN 1 ELSE 0 END,
    at = now(),
    taken = ${LEVEL} >= 1
  RETURNING taken, tokens`;

export function sqlLimitStore(db: Queryable, bound: RecordBound = defaultRecordBound(), now: () => number = Date.now): LimitStore {
  let purgedAt = -Infinity;
  return {
    take: (kind, client, { burst, perMinute }) =>
      withinBound(
        bound,
        'rateLimit.take',
        async () => {
          if (now() - purgedAt >= PURGE_EVERY_MS) {
            purgedAt = now();
            await db.query(`DELETE FROM checkout_rate_limits WHERE at < now() - interval '${FORGET_AFTER}'`);
          }
          const [row] = await db.query<{ taken: boolean; tokens: number }>(TAKE, [kind, client, burst, perMinute / 60]);
          return row.taken ? { ok: true as const } : { ok: false as const, retryAfterSeconds: retryAfterSeconds(row.tokens, perMinute) };
        },
        () => ({ ok: true }),
      ),
  };
}
