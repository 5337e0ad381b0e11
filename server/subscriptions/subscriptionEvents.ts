// Which of Stripe's events concern a subscription of this integration, and what each adds: a
// subscription-mode Checkout Session starts one, `invoice.paid` for a cycle renews it,
// `invoice.payment_failed` warns, `customer.subscription.updated`/`deleted` change or end it (read
// again from Stripe either way). Whose: the subscription's `metadata.integration` (the session's
// `subscription_data.metadata`), the invoice's snapshot of it, or a subscription the store already
// knows from this integration's Checkout Session. Others are acknowledged and left alone.
import type Stripe from 'stripe';
import { invoiceOf, type SubscriptionCause } from './plan';
import { syncSubscription, type SubscriptionOptions } from './syncSubscription';

export interface SubscriptionWork {
  subscriptionId: string;
  cause: SubscriptionCause;
  /** The integration tag the event's object carries, if any. */
  tag: string | undefined;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The subscription an event concerns and what it adds, or null for an event that concerns none. */
export function subscriptionWorkOf(event: Stripe.Event): SubscriptionWork | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const id = session.mode === 'subscription' ? idOf(session.subscription) : undefined;
      return id ? { subscriptionId: id, cause: { kind: 'sync' }, tag: session.metadata?.integration } : null;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const id = idOf(details?.subscription);
      if (!id) return null;
      // The first invoice (`subscription_create`) is the start, not a renewal.
      const kind =
        event.type === 'invoice.payment_failed' ? 'payment_failed' : invoice.billing_reason === 'subscription_cycle' ? 'renewed' : null;
      return {
        subscriptionId: id,
        cause: kind ? { kind, invoice: invoiceOf(invoice) } : { kind: 'sync' },
        tag: details?.metadata?.integration,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      return { subscriptionId: subscription.id, cause: { kind: 'sync' }, tag: subscription.metadata?.integration };
    }
    default:
      return null;
  }
}

/**
 * The webhook's dispatch: null when the event concerns no subscription, 'busy' when a live lease
 * holds it (answered 409), 'done' otherwise (heard, or not this integration's and logged).
 */
export async function handleSubscriptionEvent(event: Stripe.Event, options: SubscriptionOptions): Promise<'done' | 'busy' | null> {
  const work = subscriptionWorkOf(event);
  if (!work) return null;
  const { subscriptionId, cause, tag } = work;
  const ours = tag === options.integration || (tag === undefined && (await options.store.known(subscriptionId)));
  if (!ours) {
    options.logger?.info(
      { code: 'subscription_not_ours', event: event.id, type: event.type, subscription: subscriptionId, tag: tag ?? null },
      'A subscription event of another integration was left alone.',
    );
    return 'done';
  }
  const synced = await syncSubscription(subscriptionId, cause, options);
  return synced.outcome === 'busy' ? 'busy' : 'done';
}
