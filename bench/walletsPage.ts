// Wallets mode in the bench: the federated host example's page with `mode: 'wallets'` (its `?props=`),
// and the session endpoint it asks for a wallet session before anyone clicks, answered with a client
// secret the Stripe.js stand-in takes (its Express Checkout Element then shows its wallets) after the
// time Stripe takes to create a Checkout Session, as a shop's server would answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STRIPE_CREATE_MS } from './sessionBackend';

export const BENCH_SESSIONS_PATH = '/api/checkout-sessions';

/** How long the wallet session takes to answer: Stripe's creation of it (the network's round trip comes on top). */
export const WALLET_SESSION_MS = STRIPE_CREATE_MS;

/** The federated page's URL in wallets mode. */
export function walletsPageUrl(federatedUrl: string): string {
  return `${federatedUrl}?props=${encodeURIComponent(JSON.stringify({ mode: 'wallets' }))}`;
}

/** POST BENCH_SESSIONS_PATH → `{ clientSecret, expiresAt }`, WALLET_SESSION_MS later; false for every other request. */
export function walletSessionHandler(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://bench').pathname !== BENCH_SESSIONS_PATH) return false;
  req.resume();
  setTimeout(() => {
    const body = JSON.stringify({ clientSecret: 'cs_test_bench_secret_bench', expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(body);
  }, WALLET_SESSION_MS);
  return true;
}
