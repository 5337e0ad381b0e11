// Error values shared by the loader (stripe/), the flow (checkout/) and the view (ui/): below all three.
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

/**
 * A readable phrase for anything thrown: `TypeError: x is not a function`, the string itself, or the
 * value's type. `String(value)` would give "[object Object]" for a plain object.
 */
export function describeThrown(value: unknown): string {
  if (value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string')) {
    const { name, message } = value as Error;
    const text = message.trim() || '(no message)';
    return name && name !== 'Error' ? `${name}: ${text}` : text;
  }
  if (typeof value === 'string') return value.trim() || '(an empty string)';
  if (value === undefined || value === null) return `(${String(value)})`;
  return `a value of type ${typeof value}`;
}

/**
 * Whatever was thrown, as a CheckoutError: one of ours passes through; anything else gets `code`,
 * a sentence made of `what` (what we were doing) and the thrown value, and the original as `cause`.
 */
export function toCheckoutError(thrown: unknown, code: CheckoutErrorCode, what: string): CheckoutError {
  if (isCheckoutError(thrown)) return thrown;
  return checkoutError(code, `${what} failed: ${describeThrown(thrown)}.`, thrown);
}

/** Errors that concern the provider's script (they offer "Try again"); the rest concern a session. */
export const SCRIPT_ERROR_CODES: ReadonlySet<CheckoutErrorCode> = new Set<CheckoutErrorCode>([
  'script_load_failed',
  'script_timeout',
  'script_blocked',
  'stripe_unavailable',
]);
