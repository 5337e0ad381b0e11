// The options with a fixed set of values. Anything else (a typo in a page's attribute, a JavaScript
// host's string) is a configuration error, refused before any request like a bad key, rather than
// silently taken for the default.
import type { CheckoutError, CheckoutMode, LoadOn } from '../core/types';
import { checkoutError } from '../core/errors';

export const MODES: readonly CheckoutMode[] = ['redirect', 'embedded', 'wallets'];
export const LOAD_ON: readonly LoadOn[] = ['mount', 'idle', 'intent', 'click'];

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

// The value given is not repeated: whatever was mistakenly put there (a key?) stays out of the DOM and logs.
const refused = (name: string, values: readonly string[]): CheckoutError =>
  checkoutError('invalid_option', `${name} must be one of ${quoted(values)}, or left out for "${values[0]}".`);

/** Null when `mode` and `loadOn` are absent or known values. */
export function checkOptions(options: { mode?: unknown; loadOn?: unknown }): CheckoutError | null {
  if (options.mode !== undefined && !MODES.includes(options.mode as CheckoutMode)) return refused('mode', MODES);
  if (options.loadOn !== undefined && !LOAD_ON.includes(options.loadOn as LoadOn)) return refused('loadOn', LOAD_ON);
  return null;
}
