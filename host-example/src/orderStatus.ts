// The order's state, read from the server once the person is back from Checkout: after Stripe's
// redirect (`?session_id=cs_…` on the success or return URL), or after an embedded completion
// (no redirect: the session endpoint's cookie names the session this browser created).
import type { SessionStatusReply } from '../../server/sessionStatus';

export type OrderOutcome = SessionStatusReply['outcome'];

export const ORDER_STATUS_PATH = '/api/checkout-session-status';

export async function readOrderStatus(sessionId: string, signal?: AbortSignal): Promise<OrderOutcome> {
  const res = await fetch(`${ORDER_STATUS_PATH}?session_id=${encodeURIComponent(sessionId)}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`${ORDER_STATUS_PATH} answered ${res.status}`);
  return ((await res.json()) as SessionStatusReply).outcome;
}

/** The session Stripe sent the person back with, if any. */
export function returnedSessionId(search: string): string | null {
  return new URLSearchParams(search).get('session_id');
}

/** The session the endpoint last created for this browser (server/createCheckoutSession.ts sets it). */
export function lastSessionId(cookies: string): string | null {
  return /(?:^|;\s*)checkout_session=(cs_\w+)/.exec(cookies)?.[1] ?? null;
}
