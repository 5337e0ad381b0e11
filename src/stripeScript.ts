// Exposed as `checkout/stripeScript`: the page's Stripe.js load, for hosts that observe or start it.
import type { ScriptState, StateChangeListener } from './types';
import { getSnapshot, subscribe } from './stripe/scriptStore';

export { preloadStripe } from './stripe/preloadStripe';
export { subscribeCheckoutEvents } from './events';
export type { StripeLoadResult } from './stripe/preloadStripe';
export { useStripeScript } from './ui/useStripeScript';
export { remoteRelease } from './release';
export type {
  CheckoutError,
  CheckoutErrorCode,
  CheckoutEvent,
  CheckoutEventListener,
  CheckoutEventType,
  RemoteRelease,
  ScriptState,
  StripeLoadOptions,
  StripeScriptSnapshot,
} from './types';

export function getStripeScriptState(): ScriptState {
  return getSnapshot().state;
}

/** Calls `listener(state, error)` on every change; returns the unsubscribe function. */
export function subscribeStripeScript(listener: StateChangeListener): () => void {
  return subscribe(({ state, error }) => listener(state, error));
}
