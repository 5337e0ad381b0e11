import type { Stripe } from '@stripe/stripe-js';
// `pure` requests nothing at import time; by the time we call it our loader has put window.Stripe
// in place, so it only creates the instance (and registers the wrapper, as Stripe asks).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeInstanceOptions } from '../types';

const instances = new Map<string, Promise<Stripe>>();

function cacheKey(publishableKey: string, options: StripeInstanceOptions = {}): string {
  return JSON.stringify([publishableKey, options.locale ?? null, options.stripeAccount ?? null]);
}

/** One Stripe instance per key and options for the whole page. Call only once window.Stripe exists. */
export function getStripeInstance(publishableKey: string, options: StripeInstanceOptions = {}): Promise<Stripe> {
  const key = cacheKey(publishableKey, options);
  let instance = instances.get(key);
  if (!instance) {
    const stripeOptions: StripeInstanceOptions = {};
    if (options.locale) stripeOptions.locale = options.locale;
    if (options.stripeAccount) stripeOptions.stripeAccount = options.stripeAccount;
    instance = loadStripe(publishableKey, stripeOptions as Parameters<typeof loadStripe>[1]).then((stripe) => {
      if (!stripe) throw new Error('Stripe.js returned no instance');
      return stripe;
    });
    // A failed creation is not cached: the next load tries again.
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}

/** Tests only: forget every instance. */
export function resetStripeInstances(): void {
  instances.clear();
}
