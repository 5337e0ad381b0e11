// Brings the host up to Stripe's state for one subscription: claim its lease (a live one elsewhere
// means "busy": the webhook answers 409 and Stripe delivers again), read the subscription from Stripe
// (the event's copy may be stale: events arrive out of order), then hand the host each transition it
// has not heard, recording each as it is heard. The lease is renewed while the hook runs, so a slow
// hook keeps it and a dead process loses it within one lease.
import type { StripeApi } from '../stripeClient';
import { MAX_TIMER_MS } from '../../src/core/bounds';
import { DEFAULT_LEASE, type LeasePolicy } from '../orders/fulfilment';
import { silentLogger, type Logger } from '../log/logger';
import { planTransitions, type SubscriptionCause } from './plan';
import type { SubscriptionStore } from './subscriptionStore';
import { stateOf, type OnSubscriptionChange, type SubscriptionTransition } from './subscriptions';

export interface SubscriptionOptions {
  stripe: StripeApi;
  store: SubscriptionStore;
  onSubscriptionChange: OnSubscriptionChange;
  /** The integration's tag (`metadata.integration`): whose subscriptions these are. */
  integration: string;
  /** The connected account the subscriptions live on (read with `Stripe-Account`). */
  stripeAccount?: string;
  lease?: LeasePolicy;
  logger?: Logger;
}

/** `synced`: the host has heard everything (`heard` lists what this call told it). `busy`: a live lease elsewhere. */
export type SyncOutcome = { outcome: 'synced'; heard: SubscriptionTransition[] } | { outcome: 'busy' };

export async function syncSubscription(id: string, cause: SubscriptionCause, options: SubscriptionOptions): Promise<SyncOutcome> {
  const { stripe, store, onSubscriptionChange, stripeAccount, lease = DEFAULT_LEASE, logger = silentLogger } = options;
  const claim = await store.claim(id, lease.leaseMs);
  if (!claim.won) return { outcome: 'busy' };
  const renew = () =>
    store.renew(id, claim.lease, lease.leaseMs).then(
      (held) =>
        held ||
        logger.warn(
          { code: 'subscription_lease_lost', subscription: id },
          'The lease on a subscription ran out while its hook ran; another delivery may repeat a transition under the same idempotency key.',
        ),
      (err: unknown) =>
        logger.error({ code: 'subscription_lease_renewal_failed', subscription: id, err }, 'Renewing a subscription lease failed.'),
    );
  const heartbeat = setInterval(() => void renew(), Math.min(Math.max(1, lease.renewEveryMs), MAX_TIMER_MS));
  const heard: SubscriptionTransition[] = [];
  try {
    const subscription = await stripe.subscriptions.retrieve(id, {}, stripeAccount ? { stripeAccount } : {});
    const state = stateOf(subscription);
    // Every transition of one delivery goes from what the host held before it to Stripe's state now.
    const previous = claim.heard.state;
    for (const step of planTransitions(state, claim.heard, cause)) {
      await onSubscriptionChange({
        transition: step.transition,
        state,
        previous,
        ...(step.invoice ? { invoice: step.invoice } : {}),
        subscription,
        idempotencyKey: step.idempotencyKey,
      });
      await store.record(id, step.key, state);
      heard.push(step.transition);
    }
  } catch (error) {
    clearInterval(heartbeat);
    await store.release(id, claim.lease, error instanceof Error ? error.message : String(error));
    throw error;
  }
  clearInterval(heartbeat);
  await store.release(id, claim.lease);
  return { outcome: 'synced', heard };
}
