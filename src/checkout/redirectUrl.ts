import type { CheckoutError } from '../core/types';
import { checkoutError } from '../core/errors';

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Only https URLs on an allowed origin may take the person away: never `javascript:`, `http:` or elsewhere. */
export function checkRedirectUrl(url: string, allowedOrigins: readonly string[]): CheckoutError | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return checkoutError('redirect_refused', 'The session URL is not an absolute URL.');
  }
  if (parsed.protocol !== 'https:') {
    // Say the scheme only: the rest of a `javascript:` URL is not worth repeating.
    return checkoutError('redirect_refused', `Refused to redirect to a ${parsed.protocol} URL: only https is allowed.`);
  }
  const allowed = allowedOrigins.map(originOf);
  if (!allowed.includes(parsed.origin)) {
    return checkoutError(
      'redirect_refused',
      `Refused to redirect to ${parsed.origin}: not in allowedCheckoutOrigins (${allowedOrigins.join(', ')}).`,
    );
  }
  return null;
}
