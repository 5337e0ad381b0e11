// Wallets mode's Checkout Session asked for at page start, before the remote has loaded: the button
// takes it through its `walletSession` prop instead of asking once it has rendered (on a phone, a
// second or more later), so the session's time at Stripe overlaps the page's and Stripe.js's load.
// The button takes it only where it would have sent this very request itself (same endpoint,
// byte-identical body), and asks on its own otherwise: a mistake here costs time, never a product.
import type { StartedWalletSession } from '@checkout/remote-types';
import { newFormKey } from './formKeys.js';

/** The request's bound when no button takes it (a button that does applies its own `sessionTimeoutMs`). */
export const WALLET_SESSION_TIMEOUT_MS = 15_000;

export interface WalletSessionOptions {
  /** The button's `sessionEndpoint`. */
  sessionEndpoint: string;
  /** The button's `sessionBody` (with a cart, `{ ...sessionBody, lines }` as the button sends it). */
  sessionBody?: object;
}

/**
 * POSTs `{ ...sessionBody, mode: 'wallets' }` to `sessionEndpoint` now, with an Idempotency-Key, as
 * the button would; pass the result to the button as `walletSession`. Never rejects unobserved: a
 * failure is the button's to report (it retries under the same key), or nobody's if no button asks.
 */
export function startWalletSession({ sessionEndpoint, sessionBody }: WalletSessionOptions): StartedWalletSession {
  // Through JSON first, as the button builds its body: the same bytes, or the button does not take it.
  const fields = sessionBody === undefined ? {} : (JSON.parse(JSON.stringify(sessionBody)) as Record<string, unknown>);
  const body = JSON.stringify({ ...fields, mode: 'wallets' });
  const idempotencyKey = newFormKey();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WALLET_SESSION_TIMEOUT_MS);
  const response = fetch(sessionEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    body,
    credentials: 'same-origin',
    signal: controller.signal,
  });
  // Once answered, the body is the button's to read, whenever it does: no abort after that.
  response.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  return { endpoint: sessionEndpoint, body, idempotencyKey, response };
}
