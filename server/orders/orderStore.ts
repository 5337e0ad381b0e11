// The order store on Postgres's SQL (PGlite or a server). The claim is ONE statement: insert the row
// as `fulfilling`, or take it over if it awaits payment or its lease ran out, and say whether it did.
// Postgres serialises conflicting writers on the row, so of two deliveries at once exactly one wins,
// on one instance or many. Leases are measured on the database's clock, one clock for every instance.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/sql';
import type { Order, OrderState, OrderStore } from './orders';

const CLAIM = `
  INSERT INTO checkout_orders AS o (session_id, state, lease_token, lease_until, attempts)
  VALUES ($1, 'fulfilling', $2, now() + $3 * interval '1 millisecond', 1)
  ON CONFLICT (session_id) DO UPDATE
    SET state = 'fulfilling', lease_token = EXCLUDED.lease_token, lease_until = EXCLUDED.lease_until,
        attempts = o.attempts + 1, updated_at = now()
    WHERE o.state = 'awaiting_payment' OR (o.state = 'fulfilling' AND o.lease_until <= now())
  RETURNING session_id`;

const NOTE: Record<'awaiting_payment' | 'payment_failed' | 'expired', string> = {
  // Only a session nothing is known of awaits payment: a paid or failed one stays as it is.
  awaiting_payment: `INSERT INTO checkout_orders (session_id, state) VALUES ($1, 'awaiting_payment') ON CONFLICT DO NOTHING`,
  // A failed delayed payment ends a wait; it never undoes a shipment or a lease.
  payment_failed: `INSERT INTO checkout_orders AS o (session_id, state) VALUES ($1, 'payment_failed')
    ON CONFLICT (session_id) DO UPDATE SET state = 'payment_failed', updated_at = now() WHERE o.state = 'awaiting_payment'`,
  // Stripe expires only sessions never completed: any row already there says more.
  expired: `INSERT INTO checkout_orders (session_id, state) VALUES ($1, 'expired') ON CONFLICT DO NOTHING`,
};

interface Row {
  session_id: string;
  state: OrderState;
  attempts: number;
  lease_live: boolean | null;
  last_error: string | null;
}
const toOrder = (row: Row): Order => ({
  sessionId: row.session_id,
  state: row.state,
  attempts: row.attempts,
  leaseLive: row.lease_live === true,
  lastError: row.last_error,
});

export function sqlOrders(db: Queryable): OrderStore {
  const get = async (sessionId: string) => {
    const rows = await db.query<Row>(
      `SELECT session_id, state, attempts, state = 'fulfilling' AND lease_until > now() AS lease_live, last_error FROM checkout_orders WHERE session_id = $1`,
      [sessionId],
    );
    return rows[0] && toOrder(rows[0]);
  };
  return {
    async claim(sessionId, leaseMs) {
      const lease = randomUUID();
      const won = await db.query(CLAIM, [sessionId, lease, leaseMs]);
      return won.length === 1 ? { won: true, lease } : { won: false, order: await get(sessionId) };
    },
    async renew(sessionId, lease, leaseMs) {
      const rows = await db.query(
        `UPDATE checkout_orders SET lease_until = now() + $3 * interval '1 millisecond' WHERE session_id = $1 AND state = 'fulfilling' AND lease_token = $2 RETURNING session_id`,
        [sessionId, lease, leaseMs],
      );
      return rows.length === 1;
    },
    async markFulfilled(sessionId) {
      await db.query(
        `UPDATE checkout_orders SET state = 'fulfilled', lease_token = NULL, lease_until = NULL, fulfilled_at = now(), updated_at = now(), last_error = NULL WHERE session_id = $1 AND state = 'fulfilling'`,
        [sessionId],
      );
    },
    async release(sessionId, lease, reason) {
      await db.query(
        `UPDATE checkout_orders SET lease_token = NULL, lease_until = now(), last_error = $3, updated_at = now() WHERE session_id = $1 AND state = 'fulfilling' AND lease_token = $2`,
        [sessionId, lease, reason.slice(0, 500)],
      );
    },
    async note(sessionId, state) {
      await db.query(NOTE[state], [sessionId]);
      return await get(sessionId);
    },
    get,
    async counts() {
      const rows = await db.query<{ state: OrderState; n: number }>('SELECT state, count(*)::int AS n FROM checkout_orders GROUP BY state');
      return Object.fromEntries(rows.map((row) => [row.state, row.n]));
    },
  };
}
