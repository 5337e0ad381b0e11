// One Idempotency-Key, one set of parameters. Stripe compares a retried request's parameters with the
// first one's and answers `400 idempotency_error` when they differ, orphaning the session it created
// first. Ours differ by themselves: a wallet session's `expires_at` is computed from the clock, and a
// deploy or a catalog change between two attempts changes others. So the first parameters are kept
// in the orders' database per key, and every attempt under the key sends those: a retry on any
// instance (the button's, a proxy's after a 504, a form submitted twice) gets the first session back.
// In the database rather than in memory because a retry may land on another instance, or after a restart.
// A database that cannot answer in time (boundedRecord.ts) costs only that guarantee: the parameters
// built now are sent under the request's own key, and the degradation is logged and counted.
import type Stripe from 'stripe';
import { defaultRecordBound, withinBound, type RecordBound } from '../db/boundedRecord';
import type { Queryable } from '../db/sql';

export type SessionParams = Stripe.Checkout.SessionCreateParams;

/** Stripe forgets a key after 24 hours; so do we (a key older than that starts afresh). */
export const KEY_LIFETIME_HOURS = 24;

/** How often an instance deletes the rows past the key lifetime. */
export const PURGE_EVERY_MS = 10 * 60_000;

/**
 * `ok`: the parameters to send under the key. `other-request`: the key was first used to ask for
 * something else (another product or mode): Stripe would refuse it, so it is not sent.
 */
export type FixedParams = { ok: true; params: SessionParams; retry: boolean } | { ok: false; reason: 'other-request' };

export interface SessionRequests {
  /**
   * The parameters to send Stripe under `key`: the first attempt's, byte for byte, when the key was
   * seen before; otherwise `build()`'s, recorded first. `request` names what was asked (the product
   * and the mode, say), in the same form on every attempt.
   */
  fix(key: string, request: string, build: () => SessionParams): Promise<FixedParams>;
}

const RECORD = `
  INSERT INTO checkout_session_requests AS r (idempotency_key, request, params) VALUES ($1, $2, $3)
  ON CONFLICT (idempotency_key) DO UPDATE
    SET request = EXCLUDED.request, params = EXCLUDED.params, created_at = now()
    WHERE r.created_at < now() - interval '${KEY_LIFETIME_HOURS} hours'
  RETURNING idempotency_key`;

const PURGE = `DELETE FROM checkout_session_requests WHERE created_at < now() - interval '${KEY_LIFETIME_HOURS} hours'`;

export function sqlSessionRequests(
  db: Queryable,
  now: () => number = Date.now,
  bound: RecordBound = defaultRecordBound(),
): SessionRequests {
  let purgedAt = -Infinity;
  async function recorded(key: string, request: string, params: SessionParams): Promise<FixedParams> {
    if (now() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = now();
      await db.query(PURGE);
    }
    // Two statements, not one: after the insert lost to a concurrent one (which it waits for), only
    // a new statement's snapshot sees the winner's row.
    const inserted = await db.query(RECORD, [key, request, JSON.stringify(params)]);
    if (inserted.length === 1) return { ok: true, params, retry: false };
    const [first] = await db.query<{ request: string; params: string }>(
      'SELECT request, params FROM checkout_session_requests WHERE idempotency_key = $1',
      [key],
    );
    if (!first) throw new Error(`The parameters recorded under Idempotency-Key ${key} vanished.`);
    if (first.request !== request) return { ok: false, reason: 'other-request' };
    return { ok: true, params: JSON.parse(first.params) as SessionParams, retry: true };
  }
  return {
    fix(key, request, build) {
      const params = build();
      return withinBound(
        bound,
        'sessionRequests.fix',
        () => recorded(key, request, params),
        () => ({ ok: true, params, retry: false }),
      );
    },
  };
}
