// Exposed as `checkout/stripeScript`: the page's Stripe.js load, for hosts that observe or start it.
// Usable on a page with no React (a `./mount` host, a plain page's monitoring): nothing here imports
// React when the module loads; only the hook takes it, from the host, when a component calls it.
import type { ScriptState, StateChangeListener, StripeScriptSnapshot } from '../core/types';
import { getSnapshot, subscribe } from '../stripe/scriptStore';

export { preloadStripe } from '../stripe/preloadStripe';
export { subscribeCheckoutEvents } from '../core/events';
export type { StripeLoadResult } from '../stripe/preloadStripe';
export { remoteRelease } from '../core/release';
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
} from '../core/types';

export function getStripeScriptState(): ScriptState {
  return getSnapshot().state;
}

/** Calls `listener(state, error)` on every change; returns the unsubscribe function. */
export function subscribeStripeScript(listener: StateChangeListener): () => void {
  return subscribe(({ state, error }) => listener(state, error));
}

/**
 * The page's Stripe.js load as React state (`initial` on the server). Its module, and React with it,
 * is required when the hook first runs, not when this module loads: the federation runtime hands
 * the host's React over then, and a page without React never asks for it.
 */
export function useStripeScript(): StripeScriptSnapshot {
  return (require('../ui/useStripeScript') as typeof import('../ui/useStripeScript')).useStripeScript();
}
