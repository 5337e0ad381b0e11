// A missed subscription event, caught: every subscription the host has not heard end is read again
// from Stripe, with this integration's created within the window (status `all`: a canceled one too),
// and the host brought up to date through the same lease as the webhook. A missed
// `customer.subscription.deleted` still revokes within one reconcile interval; a missed start starts.
import { syncSubscription, type SubscriptionOptions } from './syncSubscription';

export interface SubscriptionsReport {
  /** Subscriptions read again. */
  read: number;
  /** Transitions the host heard only now (the events it missed). */
  heard: number;
  /** A live lease holds them (a delivery is on it now). */
  inProgress: string[];
  failed: Array<{ id: string; error: string }>;
}

export async function reconcileSubscriptions(options: SubscriptionOptions & { createdSince: number }): Promise<SubscriptionsReport> {
  const { stripe, store, integration, stripeAccount, createdSince } = options;
  const report: SubscriptionsReport = { read: 0, heard: 0, inProgress: [], failed: [] };
  const ids = new Set(await store.unended());
  const listed = stripe.subscriptions.list(
    { created: { gte: createdSince }, status: 'all', limit: 100 },
    stripeAccount ? { stripeAccount } : {},
  );
  for await (const subscription of listed) if (subscription.metadata?.integration === integration) ids.add(subscription.id);
  for (const id of ids) {
    report.read += 1;
    try {
      const synced = await syncSubscription(id, { kind: 'sync' }, options);
      if (synced.outcome === 'busy') report.inProgress.push(id);
      else report.heard += synced.heard.length;
    } catch (error) {
      report.failed.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
