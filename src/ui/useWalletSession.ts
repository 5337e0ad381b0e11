import { useEffect, useSyncExternalStore } from 'react';
import type { CheckoutButtonProps } from '../core/types';
import { positiveOr } from '../core/bounds';
import { bodyWithLines } from '../checkout/requestBody';
import { isStartedFor } from '../checkout/startedWalletSession';
import { walletSession, WALLET_SESSION_POLICY, type WalletSessionHandle, type WalletSessionState } from '../checkout/walletSession';

const NONE = () => () => {};
const nothing = () => null;

/**
 * The page's wallet session for this button's product once `wanted` (null before): the same one for
 * every button and remount on the page. Used while mounted, so it is renewed while in use. It is
 * created once the button is `near` the viewport; the page's own request for it (`walletSession`),
 * sent already, is taken at once, near or not: that creates nothing.
 */
export function useWalletSession(
  wanted: boolean,
  near: boolean,
  latest: { readonly current: CheckoutButtonProps },
): { session: WalletSessionState | null; handle: WalletSessionHandle | null } {
  const p = latest.current;
  const source = { createSession: p.createSession, sessionEndpoint: p.sessionEndpoint, sessionBody: bodyWithLines(p.sessionBody, p.lines) };
  // Looked up at render: the registry returns the same handle every time, and starts the request once.
  const timeoutMs = positiveOr(p.sessionTimeoutMs, WALLET_SESSION_POLICY.timeoutMs);
  const active = wanted && (near || isStartedFor(source, p.walletSession));
  const handle = active ? walletSession(source, timeoutMs, p.walletSession) : null;
  useEffect(() => handle?.use(), [handle]);
  const store = handle?.state;
  const session = useSyncExternalStore(store ? store.subscribe : NONE, store ? store.get : nothing, nothing);
  return { session, handle };
}
