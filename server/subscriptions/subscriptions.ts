// A subscription's life as the host hears it: one hook, `onSubscriptionChange(change)`, called once per
// transition (started, renewed, payment_failed, changed, ended) with Stripe's current state. Stripe
// delivers its events duplicated and out of order; the server reads the subscription from Stripe under
// a lease before each delivery, so the state a host is handed last is always Stripe's current one.
import type Stripe from 'stripe';

/**
 * `started`: the subscription exists for the host (paid, or in its trial). `renewed`: a new period was
 * paid (`invoice.paid` for a cycle). `payment_failed`: a payment attempt failed (`invoice.payment_failed`,
 * once per attempt). `changed`: its plan, quantity, status or cancellation schedule changed.
 * `ended`: canceled (or its first payment never came): revoke.
 */
export type SubscriptionTransition = 'started' | 'renewed' | 'payment_failed' | 'changed' | 'ended';

/** What a host keys entitlements on: Stripe's subscription, reduced to what decides access. */
export interface SubscriptionState {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  /** Grant access now: `active`, `trialing`, or `past_due` (Stripe is still retrying the payment). */
  entitled: boolean;
  items: Array<{ price: string; quantity: number }>;
  /** Canceled at the end of the paid period (the portal's "cancel"): still entitled until then. */
  cancelAtPeriodEnd: boolean;
  /** Unix seconds, or null without a trial. */
  trialEnd: number | null;
  /** Unix seconds: the end of the period paid for (the first item's). */
  currentPeriodEnd: number | null;
}

/** The invoice behind `renewed` and `payment_failed`. */
export interface SubscriptionInvoice {
  id: string;
  /** Which attempt failed (Stripe's retries count up). */
  attemptCount: number;
  amountPaid: number;
  amountDue: number;
  currency: string;
}

export interface SubscriptionChange {
  transition: SubscriptionTransition;
  /** Stripe's current state, read from Stripe for this delivery: grant or revoke by it. */
  state: SubscriptionState;
  /** The state the host held before this delivery (null before `started`): one delivery may bring several transitions. */
  previous: SubscriptionState | null;
  invoice?: SubscriptionInvoice;
  /** Stripe's subscription object as retrieved. */
  subscription: Stripe.Subscription;
  /** The same for a repeat of this transition (a process died after the hook ran): pass it on to your systems. */
  idempotencyKey: string;
}

/** The host's hook. Throw to have the transition delivered again (Stripe redelivers the event). */
export type OnSubscriptionChange = (change: SubscriptionChange) => Promise<void>;

const ENTITLED: readonly string[] = ['active', 'trialing', 'past_due'];
/** Statuses a subscription never leaves: the host revokes. */
export const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];
/** Not yet begun: the first payment is still due (never from a completed Checkout Session). */
export const NOT_STARTED: readonly string[] = ['incomplete', 'incomplete_expired'];

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

export function stateOf(subscription: Stripe.Subscription): SubscriptionState {
  const items = subscription.items?.data ?? [];
  return {
    id: subscription.id,
    customer: idOf(subscription.customer),
    status: subscription.status,
    entitled: ENTITLED.includes(subscription.status),
    items: items.map((item) => ({ price: item.price.id, quantity: item.quantity ?? 1 })),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: subscription.trial_end,
    currentPeriodEnd: items[0]?.current_period_end ?? null,
  };
}

/** The part of a state whose change is a `changed`: not the period's end, which every renewal moves. */
export const changeKey = (state: SubscriptionState) => JSON.stringify([state.status, state.items, state.cancelAtPeriodEnd, state.trialEnd]);
