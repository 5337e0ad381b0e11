import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutError, StripeLoadOptions } from '../core/types';
import { toCheckoutError } from '../core/errors';
import { checkPublishableKey } from './keys';
import { loadStripeScript } from './scriptStore';
import { getStripeInstance } from './stripeInstance';

export type StripeLoadResult =
  | { state: 'resolved'; stripe: Stripe }
  | { state: 'rejected'; error: CheckoutError }
  /** Server render: nothing is loaded there. */
  | { state: 'initial' };

/**
 * Starts (or joins) the page's load of Stripe.js and gives the Stripe instance for this key.
 * Never rejects, so a host that does not await it cannot leak an unhandled rejection.
 * A secret or malformed key is refused here, before any request, without touching the shared state.
 */
export async function preloadStripe(options: StripeLoadOptions): Promise<StripeLoadResult> {
  const keyError = checkPublishableKey(options.publishableKey);
  if (keyError) return { state: 'rejected', error: keyError };
  const loaded = await loadStripeScript(options);
  if (loaded.state === 'initial') return { state: 'initial' };
  if (loaded.state !== 'resolved') return { state: 'rejected', error: loaded.error! };
  try {
    return { state: 'resolved', stripe: await getStripeInstance(options.publishableKey, options.stripeOptions) };
  } catch (error) {
    return { state: 'rejected', error: toCheckoutError('stripe_unavailable', 'Creating the Stripe instance failed unexpectedly', error) };
  }
}
