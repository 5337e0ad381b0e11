// Ship a paid session's order exactly once. The claim is a lease of `leaseMs`, renewed every
// `renewEveryMs` while `fulfil` runs, so a live `fulfil` never loses it however long it takes, and a
// dead process's lease runs out at most `leaseMs` after its last renewal: then the next delivery takes
// the order over. `fulfil` gets the session id as its idempotency key, so a takeover that repeats a
// shipment the dead process had already started ships nothing twice downstream.
import type Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import { MAX_TIMER_MS } from '../../src/core/bounds';
import type { Fulfil, OrderStore } from './orders';
import { notOurs, productGone, type Ownership } from './ourSession';
import { paidLinesOnce } from './paidLines';

export interface LeasePolicy {
  leaseMs: number;
  renewEveryMs: number;
}

/** 30 s, renewed every 10 s: a process that dies is taken over within 30 s of its death. */
export const DEFAULT_LEASE: LeasePolicy = { leaseMs: 30_000, renewEveryMs: 10_000 };

/**
 * A lease of `leaseMs` renewed three times per lease, so two missed renewals still keep it. Both
 * within what a timer holds: past 2³¹−1 ms setInterval fires every millisecond.
 */
export function leaseOf(leaseMs: number): LeasePolicy {
  const held = Math.min(Math.max(1, leaseMs), MAX_TIMER_MS);
  return { leaseMs: held, renewEveryMs: Math.max(1, Math.floor(held / 3)) };
}

/** Paid, so to be shipped: 'unpaid' on a complete session is a delayed method still settling. */
export const isPaid = (session: Pick<Stripe.Checkout.Session, 'payment_status'>) =>
  session.payment_status === 'paid' || session.payment_status === 'no_payment_required';

/**
 * `shipped`: this call shipped it. `already-shipped`: an earlier one did. `in-progress`: a live lease
 * holds it, ask again later. `not-payable`: its payment failed or the session expired. `not-ours`:
 * another integration's session (ourSession.ts): never shipped, no row.
 */
export type Fulfilment = 'shipped' | 'already-shipped' | 'in-progress' | 'not-payable' | 'not-ours';

export interface FulfilmentOptions {
  /** Reads the paid lines `fulfil` ships (paidLines.ts). */
  stripe: StripeApi;
  /** The connected account the sessions are on, when there is one. */
  stripeAccount?: string;
  orders: OrderStore;
  fulfil: Fulfil;
  lease?: LeasePolicy;
  log?: (message: string, error?: unknown) => void;
  /** Which sessions are this integration's: only those ship. */
  ours: Ownership;
}

export async function fulfilOnce(
  session: Stripe.Checkout.Session,
  { stripe, stripeAccount, orders, fulfil, lease = DEFAULT_LEASE, log = console.error, ours }: FulfilmentOptions,
): Promise<Fulfilment> {
  if (notOurs(session, ours)) return 'not-ours';
  const claim = await orders.claim(session.id, lease.leaseMs);
  if (!claim.won) {
    const state = claim.order?.state;
    if (state === 'fulfilled') return 'already-shipped';
    if (state === 'payment_failed' || state === 'expired') return 'not-payable';
    return 'in-progress';
  }
  const gone = productGone(session, ours);
  if (gone) log(gone);
  const renew = () =>
    orders.renew(session.id, claim.lease, lease.leaseMs).then(
      (held) =>
        held ||
        log(`The lease on ${session.id} ran out while fulfil was running; another delivery may repeat it under the same idempotency key.`),
      (error: unknown) => log(`Renewing the lease on ${session.id} failed.`, error),
    );
  const heartbeat = setInterval(() => void renew(), Math.min(Math.max(1, lease.renewEveryMs), MAX_TIMER_MS));
  try {
    await fulfil(session, { idempotencyKey: session.id, paidLines: paidLinesOnce(stripe, session.id, stripeAccount) });
  } catch (error) {
    clearInterval(heartbeat);
    await orders.release(session.id, claim.lease, error instanceof Error ? error.message : String(error));
    throw error;
  }
  clearInterval(heartbeat);
  await orders.markFulfilled(session.id);
  return 'shipped';
}
