import type { CheckoutError } from '../core/types';
import { checkoutError } from '../core/errors';

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** This machine over http (a secure context, as browsers count it): only the offline server of one's own lives there. */
const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Only https URLs on an allowed origin may take the person away: never `javascript:`, `http:` or
 * elsewhere. The one exception is a loopback `http:` origin the host itself listed in
 * `allowedCheckoutOrigins` (the offline checkout server, `npm run serve:offline`).
 */
export function checkRedirectUrl(url: string, allowedOrigins: readonly string[]): CheckoutError | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return checkoutError('redirect_refused', 'The session URL is not an absolute URL.');
  }
  const listedLoopback = LOOPBACK_HTTP.test(parsed.origin) && allowedOrigins.map(originOf).includes(parsed.origin);
  if (parsed.protocol !== 'https:' && !listedLoopback) {
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
