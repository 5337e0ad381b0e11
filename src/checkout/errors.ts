import type { CheckoutError, CheckoutErrorCode } from '../types';

export function checkoutError(code: CheckoutErrorCode, message: string, cause?: unknown): CheckoutError {
  return cause === undefined ? { code, message } : { code, message, cause };
}

export function isCheckoutError(value: unknown): value is CheckoutError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CheckoutError).code === 'string' &&
    typeof (value as CheckoutError).message === 'string'
  );
}

/** Errors that concern the provider's script (they offer "Try again"); the rest concern a session. */
export const SCRIPT_ERROR_CODES: ReadonlySet<CheckoutErrorCode> = new Set<CheckoutErrorCode>([
  'script_load_failed',
  'script_timeout',
  'script_blocked',
  'stripe_unavailable',
]);
