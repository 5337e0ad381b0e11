import type { Stripe, StripeEmbeddedCheckout, StripeEmbeddedCheckoutAnalyticsEventUnion } from '@stripe/stripe-js';
import { toCheckoutError } from '../core/errors';

/** What Embedded Checkout tells us, without its details (a promotion code, amounts, the device). */
export type EmbeddedCheckoutEvent = { type: 'embedded_analytics'; name: string } | { type: 'embedded_complete' };

// Stripe's event names are identifiers (`checkoutRendered`); anything else is not passed on.
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function analyticsEvent(event: StripeEmbeddedCheckoutAnalyticsEventUnion | undefined): EmbeddedCheckoutEvent | null {
  const name: unknown = event?.eventType;
  return typeof name === 'string' && EVENT_NAME.test(name) ? { type: 'embedded_analytics', name } : null;
}

/**
 * Starts Stripe's embedded Checkout for a session and mounts it in `container`.
 * Rejects with `embedded_failed`; the caller destroys the returned instance when done.
 */
export async function startEmbeddedCheckout(
  stripe: Stripe,
  clientSecret: string,
  container: HTMLElement,
  onComplete: () => void,
  onEvent: (event: EmbeddedCheckoutEvent) => void = () => {},
): Promise<StripeEmbeddedCheckout> {
  let checkout: StripeEmbeddedCheckout | undefined;
  try {
    checkout = await stripe.createEmbeddedCheckoutPage({
      fetchClientSecret: () => Promise.resolve(clientSecret),
      onComplete: () => {
        onEvent({ type: 'embedded_complete' });
        onComplete();
      },
      onAnalyticsEvent: (event) => {
        const named = analyticsEvent(event);
        if (named) onEvent(named);
      },
    });
    checkout.mount(container);
    return checkout;
  } catch (cause) {
    checkout?.destroy();
    throw toCheckoutError('embedded_failed', 'Embedded Checkout could not start', cause);
  }
}
