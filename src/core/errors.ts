// Error values, below both the loader (stripe/) and the flow (checkout/): each builds its own.
import type { CheckoutError, CheckoutErrorCode } from './types';

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

/** What an unexpected exception says, as a sentence: never `[object Object]`. */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.message ? `${cause.name}: ${cause.message}` : cause.name;
  if (typeof cause === 'string' && cause) return cause;
  if (typeof cause === 'object' && cause !== null && typeof (cause as { message?: unknown }).message === 'string') {
    return (cause as { message: string }).message;
  }
  return 'an unexpected error';
}

/**
 * The nearest code for anything thrown: a CheckoutError stays as it is; anything else becomes
 * `code` with `context` and what was thrown in one sentence, the original kept in `cause`.
 */
export function toCheckoutError(code: CheckoutErrorCode, context: string, thrown: unknown): CheckoutError {
  if (isCheckoutError(thrown)) return thrown;
  return checkoutError(code, `${context}: ${describeCause(thrown)}.`, thrown);
}

/**
 * Errors that concern the provider's script; the rest concern a session or the configuration
 * (`script_integrity_failed` concerns a script of the remote itself, refused for its bytes).
 */
export const SCRIPT_ERROR_CODES: ReadonlySet<CheckoutErrorCode> = new Set<CheckoutErrorCode>([
  'script_load_failed',
  'script_timeout',
  'script_blocked',
  'stripe_unavailable',
]);
