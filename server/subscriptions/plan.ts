// Which transitions the host has yet to hear, from Stripe's current state, what the host heard already
// and what the event says happened. Pure: the order is always started, then what the invoice says, then
// changed, then ended; whichever order the events came in, the last state handed over is the current one.
import type Stripe from 'stripe';
import {
  changeKey,
  ENDED,
  NOT_STARTED,
  type SubscriptionInvoice,
  type SubscriptionState,
  type SubscriptionTransition,
} from './subscriptions';

/** What the event adds to Stripe's state: an invoice paid for a new period, or a failed attempt. */
export type SubscriptionCause = { kind: 'sync' } | { kind: 'renewed' | 'payment_failed'; invoice: SubscriptionInvoice };

/** What the host has heard: the transitions' keys and the last state handed over. */
export interface Heard {
  transitions: ReadonlySet<string>;
  state: SubscriptionState | null;
}

export interface PlannedTransition {
  transition: SubscriptionTransition;
  /** Recorded once delivered; null for `changed`, which the recorded state itself deduplicates. */
  key: string | null;
  idempotencyKey: string;
  invoice?: SubscriptionInvoice;
}

/** A short, stable name for a change (FNV-1a, 32 bits): the same change, the same idempotency key. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

export function invoiceOf(invoice: Stripe.Invoice): SubscriptionInvoice {
  return {
    id: invoice.id ?? '',
    attemptCount: invoice.attempt_count,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
  };
}

export function planTransitions(current: SubscriptionState, heard: Heard, cause: SubscriptionCause): PlannedTransition[] {
  const plan: PlannedTransition[] = [];
  const id = current.id;
  const add = (transition: SubscriptionTransition, key: string | null, extra: Partial<PlannedTransition> = {}) =>
    plan.push({ transition, key, idempotencyKey: `${id}:${key ?? transition}`, ...extra });
  const started = heard.transitions.has('started');
  // A subscription whose first payment never came was never the host's: nothing to start or end.
  if (!started && NOT_STARTED.includes(current.status)) return plan;
  if (!started) add('started', 'started');
  if (cause.kind !== 'sync') {
    const { invoice } = cause;
    const key = cause.kind === 'renewed' ? `renewed:${invoice.id}` : `payment_failed:${invoice.id}:${invoice.attemptCount}`;
    if (!heard.transitions.has(key)) add(cause.kind, key, { invoice });
  }
  const ending = ENDED.includes(current.status);
  if (ending) {
    if (!heard.transitions.has('ended')) add('ended', 'ended');
    return plan;
  }
  if (started && heard.state && changeKey(heard.state) !== changeKey(current)) {
    const change = `${changeKey(heard.state)}>${changeKey(current)}`;
    plan.push({ transition: 'changed', key: null, idempotencyKey: `${id}:changed:${fnv1a(change)}` });
  }
  return plan;
}
