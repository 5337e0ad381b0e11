// Fulfilment is the platform team's: a function that ships the order, and a store of one row per
// Checkout Session whose state says whether it shipped. Stripe may deliver an event twice, at once,
// out of order, or to a process that dies halfway: the store's claim is a lease (see orderStore.ts).
import type Stripe from 'stripe';

/**
 * `awaiting_payment`: complete, a delayed method still settling. `fulfilling`: a process holds the
 * lease and is shipping. `fulfilled`: shipped, never again. `payment_failed`, `expired`: never shipped.
 */
export type OrderState = 'awaiting_payment' | 'fulfilling' | 'fulfilled' | 'payment_failed' | 'expired';

export interface Order {
  sessionId: string;
  state: OrderState;
  /** How many times a process claimed it to ship it. */
  attempts: number;
  /** A `fulfilling` order whose holder's lease has not run out. */
  leaseLive: boolean;
  lastError: string | null;
}

export type Claim = { won: true; lease: string } | { won: false; order: Order | undefined };

export interface OrderStore {
  /** One statement: the lease to ship, if the order is not shipped and no live lease holds it. */
  claim(sessionId: string, leaseMs: number): Promise<Claim>;
  /** Extends a held lease; false when it was lost (expired and taken over). */
  renew(sessionId: string, lease: string, leaseMs: number): Promise<boolean>;
  /** `fulfil` succeeded: shipped, for good (even if the lease was lost meanwhile: the order did ship). */
  markFulfilled(sessionId: string): Promise<void>;
  /** `fulfil` failed: the lease ends now, so Stripe's next delivery ships it. */
  release(sessionId: string, lease: string, reason: string): Promise<void>;
  /** Records an outcome without shipping; never overwrites a state it does not follow. */
  note(sessionId: string, state: 'awaiting_payment' | 'payment_failed' | 'expired'): Promise<Order>;
  get(sessionId: string): Promise<Order | undefined>;
  /** Orders per state (the load run's and a dashboard's view). */
  counts(): Promise<Partial<Record<OrderState, number>>>;
}

export interface FulfilContext {
  /** The Checkout Session's id: hand it to your systems (a warehouse's Idempotency-Key) so a repeat ships nothing. */
  idempotencyKey: string;
  /**
   * What was paid: the session's line items as Stripe lists them (every page; amounts, discounts,
   * quantities, the Price, and each line's `metadata.product_id`). Ship these, not a cart of your own.
   */
  paidLines: () => Promise<Stripe.LineItem[]>;
}

/** Ships the order paid for by `session` (`context.paidLines()` says what). Throw to have Stripe deliver again. */
export type Fulfil = (session: Stripe.Checkout.Session, context: FulfilContext) => Promise<void>;
