// The order's state, read from the server once the person is back from Checkout: after Stripe's
// redirect (`?session_id=cs_…` on the success or return URL), or after an embedded completion
// (no id: the server knows the session this browser created).
import type { SessionStatusReply } from '../../server/sessionStatus';

export type OrderOutcome = SessionStatusReply['outcome'];

export const ORDER_STATUS_PATH = '/api/checkout-session-status';

export async function readOrderStatus(sessionId: string | null, signal?: AbortSignal): Promise<OrderOutcome> {
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  const res = await fetch(`${ORDER_STATUS_PATH}${query}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`${ORDER_STATUS_PATH} answered ${res.status}`);
  return ((await res.json()) as SessionStatusReply).outcome;
}

/** The session Stripe sent the person back with, if any. */
export function returnedSessionId(search: string): string | null {
  return new URLSearchParams(search).get('session_id');
}
