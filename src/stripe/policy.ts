import { clampCount } from '../core/bounds';

// The loading policy, in one place. Stripe.js has no timeout and retries once silently;
// these are ours, chosen for a checkout button a person is waiting on.

/** Must match the release train of @stripe/stripe-js (10.x: 'endive'), or Stripe.js warns. */
export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

export const DEFAULT_LOAD_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_LOAD_ATTEMPTS = 3;
/** `maxLoadAttempts` is clamped to this: a typo like 1e9 must not retry for ever. */
export const MAX_LOAD_ATTEMPTS = 10;
/** Exponential backoff between automatic attempts, with full jitter so a page of clients does not retry in step. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 4_000;

/** The attribute our script tag carries its state in, so the DOM shows what the loader thinks. */
export const LOADING_STATE_ATTR = 'data-loading-state';

/** The Trusted Types policy our script URL goes through; a host allows it with `trusted-types checkout-stripe-js`. */
export const TRUSTED_TYPES_POLICY = 'checkout-stripe-js';

/**
 * After its download ended, an async script runs on a later task: a page tag whose request is over
 * gets this long to define window.Stripe before we call it dead.
 */
export const SETTLE_GRACE_MS = 50;

/** `maxLoadAttempts` as a whole number in 1..MAX_LOAD_ATTEMPTS. */
export function clampAttempts(value: number | undefined): number {
  return clampCount(value, 1, MAX_LOAD_ATTEMPTS, DEFAULT_MAX_LOAD_ATTEMPTS);
}
