import type { CheckoutError } from '../core/types';
import { checkoutError } from '../core/errors';

const SECRET_KEY = /^(sk|rk)_/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9_]+$/;

/**
 * Refuses anything but a publishable key, before any network request.
 * The messages never repeat the key: a secret must not reach the DOM, a log or an error report.
 */
export function checkPublishableKey(key: unknown): CheckoutError | null {
  if (typeof key === 'string' && SECRET_KEY.test(key.trim())) {
    return checkoutError(
      'secret_key',
      'publishableKey is a secret or restricted key (sk_… / rk_…). It must never reach a browser: ' +
        'pass your publishable key (pk_test_… or pk_live_…) and roll the exposed secret key in the Stripe Dashboard.',
    );
  }
  if (typeof key !== 'string' || !PUBLISHABLE_KEY.test(key)) {
    return checkoutError(
      'invalid_key',
      'publishableKey is not a Stripe publishable key: expected a string starting with pk_test_ or pk_live_.',
    );
  }
  return null;
}
