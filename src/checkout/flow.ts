// What a click on the button goes through, as named phases. Pure: the view dispatches, and
// nothing else decides whether the button is busy or what failure stands.
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutError } from '../core/types';

export type FlowState =
  | { phase: 'idle' }
  /** A session request is in flight: further clicks do nothing. */
  | { phase: 'session' }
  /** Leaving for the hosted page: stays busy so a second click cannot start a second session. */
  | { phase: 'leaving' }
  /** Embedded Checkout is open in the dialog. */
  | { phase: 'embedded'; stripe: Stripe; clientSecret: string }
  /**
   * The last click failed; the error is shown until the next click or Try again. `retryAt`: the
   * server asked to wait (Retry-After) until then, on the clock of the actions' `at`; no click before.
   */
  | { phase: 'failed'; error: CheckoutError; retryAt?: number };

export type FlowAction =
  /** `at`: when, on the clock `retryAt` is on (the view's `performance.now()`). */
  | { type: 'click'; at: number }
  /** The redirect was called. A host's own redirect may keep the page: then the button is usable again. */
  | { type: 'redirected'; pageStays: boolean }
  | { type: 'embed'; stripe: Stripe; clientSecret: string }
  | { type: 'fail'; error: CheckoutError; at: number }
  /** Embedded mode, Stripe.js did not resolve: the script's own error is what the person sees. */
  | { type: 'scriptUnavailable' }
  /** The dialog was closed, or the payment completed. */
  | { type: 'close' }
  /** Try again (a script failure's): the last failure no longer stands, unless it is a server's wait still running. */
  | { type: 'dismiss'; at: number }
  /** Back from the hosted page through the back/forward cache: the page is live again. */
  | { type: 'restored' };

export const IDLE: FlowState = { phase: 'idle' };

/** Returns `state` itself when the action does not apply, so a caller can tell a refused click. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'click':
      if (state.phase === 'failed' && isWaiting(state, action.at)) return state;
      return state.phase === 'idle' || state.phase === 'failed' ? { phase: 'session' } : state;
    case 'redirected':
      return state.phase === 'session' ? (action.pageStays ? IDLE : { phase: 'leaving' }) : state;
    case 'embed':
      return state.phase === 'session' ? { phase: 'embedded', stripe: action.stripe, clientSecret: action.clientSecret } : state;
    case 'fail':
      if (state.phase !== 'session' && state.phase !== 'embedded') return state;
      if (!hasWait(action.error)) return { phase: 'failed', error: action.error };
      return { phase: 'failed', error: action.error, retryAt: action.at + action.error.retryAfterMs };
    case 'scriptUnavailable':
      return state.phase === 'session' ? IDLE : state;
    case 'close':
      return state.phase === 'embedded' ? IDLE : state;
    case 'dismiss':
      return state.phase === 'failed' && !isWaiting(state, action.at) ? IDLE : state;
    case 'restored':
      return state.phase === 'leaving' ? IDLE : state;
  }
}

/** A session in flight or the page being left: the button shows it is working. */
export function isBusy(state: FlowState): boolean {
  return state.phase === 'session' || state.phase === 'leaving';
}

/** A wait worth keeping: a host's own createSession may throw a CheckoutError with anything in `retryAfterMs`. */
function hasWait(error: CheckoutError): error is CheckoutError & { retryAfterMs: number } {
  // Number.isFinite is false for anything but a number.
  return Number.isFinite(error.retryAfterMs) && error.retryAfterMs! > 0;
}

/** The server's wait is still running at `at`: a click now could only be refused again. */
export function isWaiting(state: FlowState, at: number): boolean {
  return state.phase === 'failed' && state.retryAt !== undefined && at < state.retryAt;
}
