// Whether the host's `sessionBody` can be sent: checked when the button renders, so a mistake shows
// before anyone clicks. What is sent is built after a click (requestBody.ts, in the click's chunk). Pure.
import type { CheckoutError } from '../core/types';
import { checkoutError } from '../core/errors';

// One error per reason: a body written inline is a new object each render, and the same mistake must
// stay the same failure (reported once), not a new one each render.
const verdicts = new Map<string, CheckoutError>();

// The value is not repeated: whatever was put there by mistake stays out of the DOM and logs.
function refused(why: string): CheckoutError {
  let error = verdicts.get(why);
  if (!error) {
    error = checkoutError('invalid_option', `sessionBody must be a plain JSON object (e.g. { productId: "…" }) or left out; ${why}.`);
    verdicts.set(why, error);
  }
  return error;
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an instance of a class' : `a ${typeof value}`;

/**
 * Null when `sessionBody` is absent or a plain object JSON can carry as an object; otherwise the
 * `invalid_option` error that says why (an array, a string, a class instance, a cycle, a BigInt…).
 */
export function sessionBodyError(sessionBody: unknown): CheckoutError | null {
  if (sessionBody === undefined) return null;
  // A plain object's prototype is Object.prototype or null; anything but an object has none here.
  const proto: unknown = typeof sessionBody === 'object' && sessionBody !== null ? Object.getPrototypeOf(sessionBody) : undefined;
  if (proto !== Object.prototype && proto !== null) return refused(`it is ${kindOf(sessionBody)}`);
  let json: string | undefined;
  try {
    json = JSON.stringify(sessionBody);
  } catch {
    return refused('JSON cannot carry it (a cycle or a BigInt)');
  }
  // An own `toJSON` can turn the object into anything.
  if (json === undefined || !json.startsWith('{')) return refused('its toJSON does not give an object');
  return null;
}
