// Wallets mode's Checkout Session asked for at page start, before the remote has loaded: the button
// takes it through its `walletSession` prop instead of asking once it has rendered (on a phone, a
// second or more later), so the session's time at Stripe overlaps the page's and Stripe.js's load.
// The button takes it only where it would have sent this very request itself (same endpoint,
// byte-identical body), and asks on its own otherwise: a mistake here costs time, never a product.
import type { CartLine, StartedWalletSession } from '@checkout/remote-types';
import { newFormKey } from './formKeys.js';
import { wantWalletRow } from './walletRowEarly.js';

/** The request's bound when no button takes it (a button that does applies its own `sessionTimeoutMs`). */
export const WALLET_SESSION_TIMEOUT_MS = 15_000;

/** The button's own props for its session: pass the same values the button gets. */
export interface WalletSessionOptions {
  sessionEndpoint: string;
  sessionBody?: object;
  lines?: readonly CartLine[];
}

/**
 * POSTs `{ ...sessionBody, mode: 'wallets' }` to `sessionEndpoint` now, with an Idempotency-Key, as
 * the button would; pass the result to the button as `walletSession`. The kit's plugins then also
 * fetch the wallet row's code with the button's own files. Never rejects unobserved: a
 * failure is the button's to report (it retries under the same key), or nobody's if no button asks.
 */
export function startWalletSession({ sessionEndpoint, sessionBody, lines }: WalletSessionOptions): StartedWalletSession {
  wantWalletRow(); // and the row's code with the button's (walletRowEarly.ts)
  // As the button builds its body (src/checkout/requestBody.ts): the cart's lines beside the body's
  // fields, all through JSON. The same bytes, or the button does not take it.
  const withLines = lines ? { ...sessionBody, lines: lines.map(({ productId, quantity }) => ({ productId, quantity })) } : sessionBody;
  const fields = withLines === undefined ? {} : (JSON.parse(JSON.stringify(withLines)) as Record<string, unknown>);
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
