import type { Stripe, StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { toCheckoutError } from '../errors';

/**
 * Starts Stripe's embedded Checkout for a session and mounts it in `container`.
 * Rejects with `embedded_failed`; the caller destroys the returned instance when done.
 */
export async function startEmbeddedCheckout(
  stripe: Stripe,
  clientSecret: string,
  container: HTMLElement,
  onComplete: () => void,
): Promise<StripeEmbeddedCheckout> {
  let checkout: StripeEmbeddedCheckout | undefined;
  try {
    checkout = await stripe.createEmbeddedCheckoutPage({ fetchClientSecret: () => Promise.resolve(clientSecret), onComplete });
    checkout.mount(container);
    return checkout;
  } catch (cause) {
    checkout?.destroy();
    throw toCheckoutError('embedded_failed', 'Embedded Checkout could not start', cause);
  }
}
