// Wallets mode in the bench: the federated host example's page with `mode: 'wallets'` (its `?props=`),
// and the session endpoint it asks for a wallet session before anyone clicks, answered at once with a
// client secret the Stripe.js stand-in takes (its Express Checkout Element then shows its wallets).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const BENCH_SESSIONS_PATH = '/api/checkout-sessions';

/** The federated page's URL in wallets mode. */
export function walletsPageUrl(federatedUrl: string): string {
  return `${federatedUrl}?props=${encodeURIComponent(JSON.stringify({ mode: 'wallets' }))}`;
}

/** POST BENCH_SESSIONS_PATH → `{ clientSecret, expiresAt }`; false for every other request. */
export function walletSessionHandler(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://bench').pathname !== BENCH_SESSIONS_PATH) return false;
  req.resume();
  const body = JSON.stringify({ clientSecret: 'cs_test_bench_secret_bench', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(body);
  return true;
}
