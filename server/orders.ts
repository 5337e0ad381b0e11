// Fulfilment is the platform team's: a function that ships the order, and a store that remembers
// which sessions were fulfilled. Stripe may deliver an event twice, or two events for one payment at
// once: `claimPaid` must be atomic (a unique key in a database), so the order ships exactly once.
import type Stripe from 'stripe';

export interface OrderStore {
  /** Marks the session's order paid; true only for the call that did (false: it already was). */
  claimPaid(sessionId: string): Promise<boolean>;
  /** Undoes a claim whose fulfilment failed, so Stripe's next delivery fulfils it. */
  releasePaid(sessionId: string): Promise<void>;
  /** A delayed payment failed: the order is not to be shipped. */
  markFailed(sessionId: string): Promise<void>;
}

/** Ships the order paid for by `session` (its `metadata.product_id` says what). */
export type Fulfil = (session: Stripe.Checkout.Session) => Promise<void>;

export type OrderState = 'paid' | 'failed';

/** The demo's store, in memory: a Map's check-and-set runs without interruption in one process. */
export function memoryOrders(): OrderStore & { state(sessionId: string): OrderState | undefined } {
  const orders = new Map<string, OrderState>();
  return {
    async claimPaid(sessionId) {
      if (orders.get(sessionId) === 'paid') return false;
      orders.set(sessionId, 'paid');
      return true;
    },
    async releasePaid(sessionId) {
      if (orders.get(sessionId) === 'paid') orders.delete(sessionId);
    },
    async markFailed(sessionId) {
      if (orders.get(sessionId) !== 'paid') orders.set(sessionId, 'failed');
    },
    state: (sessionId) => orders.get(sessionId),
  };
}
