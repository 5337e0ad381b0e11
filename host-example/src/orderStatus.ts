// The order's state, read from the server once the person is back from Checkout: after Stripe's
// redirect (`?session_id=cs_…` on the success or return URL), or after a completion in the page
// (embedded, or a wallet: `onComplete` names the session it paid).
import type { SessionStatusReply } from '../../server/sessions/sessionStatus';

export type OrderOutcome = SessionStatusReply['outcome'];

export const ORDER_STATUS_PATH = '/api/checkout-session-status';

export async function readOrderStatus(sessionId: string, signal?: AbortSignal): Promise<OrderOutcome> {
  const res = await fetch(`${ORDER_STATUS_PATH}?session_id=${encodeURIComponent(sessionId)}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) throw new Error(`${ORDER_STATUS_PATH} answered ${res.status}`);
  return ((await res.json()) as SessionStatusReply).outcome;
}

/** The session Stripe sent the person back with, if any. */
export function returnedSessionId(search: string): string | null {
  return new URLSearchParams(search).get('session_id');
}
