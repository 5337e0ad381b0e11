// The subscriptions' rows on Postgres's SQL (PGlite or a server), with the orders' kind of lease: one
// statement claims a subscription unless a live lease holds it, so one delivery at a time brings the
// host up to date, on one instance or many; a holder that died is taken over once its lease runs out
// (measured on the database's clock). What the host heard is recorded in the same statement as its state.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/sql';
import type { Heard } from './plan';
import type { SubscriptionState } from './subscriptions';

const CLAIM = `
  INSERT INTO checkout_subscriptions AS s (subscription_id, lease_token, lease_until, attempts)
  VALUES ($1, $2, now() + $3 * interval '1 millisecond', 1)
  ON CONFLICT (subscription_id) DO UPDATE
    SET lease_token = EXCLUDED.lease_token, lease_until = EXCLUDED.lease_until, attempts = s.attempts + 1, updated_at = now()
    WHERE s.lease_until IS NULL OR s.lease_until <= now()
  RETURNING snapshot`;

// The transition's row (none for `changed`) and the state handed over, in one statement.
const RECORD = `
  WITH heard AS (
    INSERT INTO checkout_subscription_transitions (subscription_id, transition)
    SELECT $1, $2::text WHERE $2::text IS NOT NULL ON CONFLICT DO NOTHING
  )
  UPDATE checkout_subscriptions SET snapshot = $3, ended = ended OR $4, last_error = NULL, updated_at = now()
  WHERE subscription_id = $1`;

export type SubscriptionClaim = { won: true; lease: string; heard: Heard } | { won: false };

export interface SubscriptionRecord {
  subscriptionId: string;
  state: SubscriptionState | null;
  transitions: string[];
  leaseLive: boolean;
  ended: boolean;
  lastError: string | null;
}

export interface SubscriptionStore {
  /** The lease to bring the host up to date, and what it heard; `won: false` while a live lease holds it. */
  claim(subscriptionId: string, leaseMs: number): Promise<SubscriptionClaim>;
  renew(subscriptionId: string, lease: string, leaseMs: number): Promise<boolean>;
  /** The host heard `transition` (null: a `changed`) and now holds `state`. */
  record(subscriptionId: string, transition: string | null, state: SubscriptionState): Promise<void>;
  /** The lease ends now: the next delivery (or reconcile) takes it; `error` says why this one stopped. */
  release(subscriptionId: string, lease: string, error?: string): Promise<void>;
  /** A subscription this integration already knows (from its Checkout Session): its events are ours. */
  known(subscriptionId: string): Promise<boolean>;
  /** Subscriptions the host has not heard end: what reconcile reads again from Stripe. */
  unended(): Promise<string[]>;
  get(subscriptionId: string): Promise<SubscriptionRecord | undefined>;
}

interface Row {
  subscription_id: string;
  snapshot: string | null;
  lease_live: boolean;
  ended: boolean;
  last_error: string | null;
}

export function sqlSubscriptions(db: Queryable): SubscriptionStore {
  const transitionsOf = async (id: string) =>
    (
      await db.query<{ transition: string }>(
        'SELECT transition FROM checkout_subscription_transitions WHERE subscription_id = $1 ORDER BY delivered_at, transition',
        [id],
      )
    ).map((row) => row.transition);
  return {
    async claim(id, leaseMs) {
      const lease = randomUUID();
      const won = await db.query<{ snapshot: string | null }>(CLAIM, [id, lease, leaseMs]);
      if (won.length !== 1) return { won: false };
      const state = won[0].snapshot === null ? null : (JSON.parse(won[0].snapshot) as SubscriptionState);
      return { won: true, lease, heard: { state, transitions: new Set(await transitionsOf(id)) } };
    },
    async renew(id, lease, leaseMs) {
      const rows = await db.query(
        `UPDATE checkout_subscriptions SET lease_until = now() + $3 * interval '1 millisecond' WHERE subscription_id = $1 AND lease_token = $2 RETURNING subscription_id`,
        [id, lease, leaseMs],
      );
      return rows.length === 1;
    },
    async record(id, transition, state) {
      await db.query(RECORD, [id, transition, JSON.stringify(state), transition === 'ended']);
    },
    async release(id, lease, error) {
      await db.query(
        `UPDATE checkout_subscriptions SET lease_token = NULL, lease_until = NULL, last_error = $3, updated_at = now() WHERE subscription_id = $1 AND lease_token = $2`,
        [id, lease, error?.slice(0, 500) ?? null],
      );
    },
    async known(id) {
      return (await db.query('SELECT 1 FROM checkout_subscriptions WHERE subscription_id = $1', [id])).length === 1;
    },
    async unended() {
      const rows = await db.query<{ subscription_id: string }>(
        'SELECT subscription_id FROM checkout_subscriptions WHERE NOT ended ORDER BY subscription_id',
      );
      return rows.map((row) => row.subscription_id);
    },
    async get(id) {
      const rows = await db.query<Row>(
        `SELECT subscription_id, snapshot, lease_until IS NOT NULL AND lease_until > now() AS lease_live, ended, last_error FROM checkout_subscriptions WHERE subscription_id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        subscriptionId: row.subscription_id,
        state: row.snapshot === null ? null : (JSON.parse(row.snapshot) as SubscriptionState),
        transitions: await transitionsOf(id),
        leaseLive: row.lease_live,
        ended: row.ended,
        lastError: row.last_error,
      };
    },
  };
}
