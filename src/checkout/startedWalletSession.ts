// A wallet session request the page sent before the button rendered (the host kit's
// `startWalletSession`, the button's `walletSession` prop). Taken only where the button would have
// sent that very request (same endpoint, byte-identical body): a retry under its idempotency key then
// sends the same parameters, as Stripe requires, and a request for another product is never taken.
import type { StartedWalletSession } from '../core/types';
import { sessionRequestBody } from './requestBody';
import type { SessionSource } from './session';

/** Requests a session took already: each is one session, used once per page view. */
const taken = new WeakSet<StartedWalletSession>();

/** Whether `started` is the very request `source` would send for a wallet session (taken or not). */
export function isStartedFor(source: SessionSource, started: StartedWalletSession | undefined): started is StartedWalletSession {
  if (!started || source.createSession || started.endpoint !== source.sessionEndpoint) return false;
  const built = sessionRequestBody(source.sessionBody, 'wallets');
  return 'body' in built && JSON.stringify(built.body) === started.body;
}

/** `started`, now taken, if it is the request `source` would send for a wallet session and nobody took it; else undefined. */
export function takeStarted(source: SessionSource, started: StartedWalletSession | undefined): StartedWalletSession | undefined {
  if (!isStartedFor(source, started) || taken.has(started)) return undefined;
  taken.add(started);
  return started;
}
