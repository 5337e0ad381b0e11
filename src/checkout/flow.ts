// What a click on the button goes through, as named phases. Pure: the view dispatches, and
// nothing else decides whether the button is busy or what failure stands.
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutError } from '../types';

export type FlowState =
  | { phase: 'idle' }
  /** A session request is in flight: further clicks do nothing. */
  | { phase: 'session' }
  /** Leaving for the hosted page: stays busy so a second click cannot start a second session. */
  | { phase: 'leaving' }
  /** Embedded Checkout is open in the dialog. */
  | { phase: 'embedded'; stripe: Stripe; clientSecret: string }
  /** The last click failed; the error is shown until the next click or Try again. */
  | { phase: 'failed'; error: CheckoutError };

export type FlowAction =
  | { type: 'click' }
  /** The redirect was called. A host's own redirect may keep the page: then the button is usable again. */
  | { type: 'redirected'; pageStays: boolean }
  | { type: 'embed'; stripe: Stripe; clientSecret: string }
  | { type: 'fail'; error: CheckoutError }
  /** Embedded mode, Stripe.js did not resolve: the script's own error is what the person sees. */
  | { type: 'scriptUnavailable' }
  /** The dialog was closed, or the payment completed. */
  | { type: 'close' }
  /** Try again: the last failure no longer stands. */
  | { type: 'dismiss' }
  /** Back from the hosted page through the back/forward cache: the page is live again. */
  | { type: 'restored' };

export const IDLE: FlowState = { phase: 'idle' };

/** Returns `state` itself when the action does not apply, so a caller can tell a refused click. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'click':
      return state.phase === 'idle' || state.phase === 'failed' ? { phase: 'session' } : state;
    case 'redirected':
      return state.phase === 'session' ? (action.pageStays ? IDLE : { phase: 'leaving' }) : state;
    case 'embed':
      return state.phase === 'session' ? { phase: 'embedded', stripe: action.stripe, clientSecret: action.clientSecret } : state;
    case 'fail':
      return state.phase === 'session' || state.phase === 'embedded' ? { phase: 'failed', error: action.error } : state;
    case 'scriptUnavailable':
      return state.phase === 'session' ? IDLE : state;
    case 'close':
      return state.phase === 'embedded' ? IDLE : state;
    case 'dismiss':
      return state.phase === 'failed' ? IDLE : state;
    case 'restored':
      return state.phase === 'leaving' ? IDLE : state;
  }
}

/** A session in flight or the page being left: the button shows it is working. */
export function isBusy(state: FlowState): boolean {
  return state.phase === 'session' || state.phase === 'leaving';
}
