// Missed events, reconciled. Stripe retries an unacknowledged event for three days; an endpoint down
// or misconfigured for longer loses orders without a sound. This lists the complete Checkout Sessions
// of the last `days` days from Stripe (every page) and ships, through the same store and lease as the
// webhook, each paid one not shipped yet. Safe to run at any time, on any instance, as often as wanted:
// a shipped order is never shipped again. `npm run reconcile`, or schedule `reconcile(…)` yourself.
import { fulfilOnce, isPaid, type FulfilmentOptions } from '../orders/fulfilment';
import { notOurs } from '../orders/ourSession';
import { reconcileSubscriptions, type SubscriptionsReport } from '../subscriptions/reconcileSubscriptions';
import type { SubscriptionOptions } from '../subscriptions/syncSubscription';

export interface ReconcileOptions extends FulfilmentOptions {
  /** How far back to look (Stripe keeps sessions listable far longer than it retries events). */
  days?: number;
  now?: () => number;
  /** Aborted (the server stopping): no further session is started; the report says what was done. */
  signal?: AbortSignal;
  /** The connected account whose sessions these are: listed with `Stripe-Account`, never the platform's. */
  stripeAccount?: string;
  /** The host's subscription hooks: their subscriptions are read again from Stripe too. */
  subscriptions?: SubscriptionOptions;
}

export interface ReconcileReport {
  /** Complete sessions created in the window. */
  listed: number;
  /** Paid but never shipped until now: the orders the webhook missed. */
  shipped: string[];
  alreadyShipped: number;
  /** A live lease holds them (a delivery is shipping them now). */
  inProgress: string[];
  /** Complete but not paid yet (a delayed method), or whose payment failed. */
  notPaid: number;
  /** Their `fulfil` threw: left for the next run (or Stripe's next delivery). */
  failed: Array<{ id: string; error: string }>;
  /** With subscription hooks: what reading this integration's subscriptions again told the host. */
  subscriptions?: SubscriptionsReport;
}

export async function reconcile({
  stripe,
  days = 7,
  now = Date.now,
  stripeAccount,
  subscriptions,
  ...fulfilment
}: ReconcileOptions): Promise<ReconcileReport> {
  const report: ReconcileReport = { listed: 0, shipped: [], alreadyShipped: 0, inProgress: [], notPaid: 0, failed: [] };
  const gte = Math.floor(now() / 1000) - Math.round(days * 86_400);
  // The library's auto-pagination: `starting_after` the last id of each page while `has_more`.
  const account = stripeAccount ? { stripeAccount } : {};
  for await (const session of stripe.checkout.sessions.list({ created: { gte }, status: 'complete', limit: 100 }, account)) {
    if (fulfilment.signal?.aborted) break;
    if (notOurs(session, fulfilment.ours)) continue; // another integration's session: never ours to ship
    report.listed += 1;
    if (!isPaid(session)) {
      report.notPaid += 1;
      continue;
    }
    try {
      const outcome = await fulfilOnce(session, { ...fulfilment, stripe, stripeAccount });
      if (outcome === 'shipped') report.shipped.push(session.id);
      else if (outcome === 'already-shipped') report.alreadyShipped += 1;
      else if (outcome === 'in-progress') report.inProgress.push(session.id);
      else report.notPaid += 1;
    } catch (error) {
      report.failed.push({ id: session.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (subscriptions) report.subscriptions = await reconcileSubscriptions({ ...subscriptions, createdSince: gte });
  return report;
}
