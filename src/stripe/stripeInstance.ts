import type { Stripe } from '@stripe/stripe-js';
// `pure` requests nothing at import time; by the time we call it our loader has put window.Stripe
// in place, so it only creates the instance (and registers the wrapper, as Stripe asks).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeInstanceOptions } from '../core/types';
import { checkoutError, describeCause } from '../core/errors';
import { pageState } from './pageState';

function cacheKey(publishableKey: string, options: StripeInstanceOptions = {}): string {
  return JSON.stringify([publishableKey, options.locale ?? null, options.stripeAccount ?? null]);
}

async function create(publishableKey: string, options: StripeInstanceOptions): Promise<Stripe> {
  const stripeOptions: StripeInstanceOptions = {};
  if (options.locale) stripeOptions.locale = options.locale;
  if (options.stripeAccount) stripeOptions.stripeAccount = options.stripeAccount;
  let stripe: Stripe | null;
  try {
    stripe = await loadStripe(publishableKey, stripeOptions as Parameters<typeof loadStripe>[1]);
  } catch (cause) {
    // The key is not repeated: the message may reach a log.
    throw checkoutError('stripe_unavailable', `Stripe.js is loaded but could not create an instance: ${describeCause(cause)}.`, cause);
  }
  if (!stripe) throw checkoutError('stripe_unavailable', 'Stripe.js is loaded but returned no instance.');
  return stripe;
}

/**
 * The one place Stripe instances are made: one per key and options for the whole page, every copy of
 * this remote included (the cache lives in the page state). Call only once window.Stripe exists.
 * Rejects with a `stripe_unavailable` CheckoutError; a failed creation is not cached.
 */
export function getStripeInstance(publishableKey: string, options: StripeInstanceOptions = {}): Promise<Stripe> {
  const { instances } = pageState();
  const key = cacheKey(publishableKey, options);
  let instance = instances.get(key);
  if (!instance) {
    instance = create(publishableKey, options);
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}
