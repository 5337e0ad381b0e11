// What became of the order, as the server reads it from Stripe: never "paid" on the page's word.
import { useEffect, useState } from 'react';
import type { CheckoutCompletion } from 'checkout/CheckoutButton';
import { readOrderStatus, returnedSessionId, type OrderOutcome } from './orderStatus';

const TEXT: Record<OrderOutcome | 'checking' | 'unknown', string> = {
  checking: 'Checking your payment…',
  paid: 'Payment received. Thank you!',
  processing: 'Your payment is processing. Your order ships once it clears.',
  failed: 'Your payment failed and nothing was charged. Please try another payment method.',
  expired: 'This checkout expired before payment. Nothing was charged.',
  open: 'Your payment is not complete yet.',
  unknown: 'We could not check your payment just now. Reload the page to try again.',
};
const BAD = new Set(['failed', 'expired', 'unknown']);

/** The order to show: the one Stripe sent the person back with, or (`completed`) the one just paid in the page. */
export type Order = { sessionId: string; check: number };

export function useOrderToShow(): { order: Order | null; completed: (completion: CheckoutCompletion) => void } {
  const [order, setOrder] = useState<Order | null>(() => {
    const sessionId = returnedSessionId(location.search);
    return sessionId ? { sessionId, check: 0 } : null;
  });
  // The button names the session it paid (embedded, or a wallet): never "the last one this browser made",
  // which another tab or a renewed wallet session would have replaced.
  const completed = ({ sessionId }: CheckoutCompletion) => {
    if (sessionId) setOrder((o) => ({ sessionId, check: (o?.check ?? 0) + 1 }));
  };
  return { order, completed };
}

export function OrderStatus({ sessionId, check }: Order) {
  const [outcome, setOutcome] = useState<OrderOutcome | 'checking' | 'unknown'>('checking');
  useEffect(() => {
    const controller = new AbortController();
    setOutcome('checking');
    readOrderStatus(sessionId, controller.signal).then(setOutcome, () => !controller.signal.aborted && setOutcome('unknown'));
    return () => controller.abort();
  }, [sessionId, check]);
  return (
    <p
      className={`order-status ${BAD.has(outcome) ? 'bad' : 'good'}`}
      role={BAD.has(outcome) ? 'alert' : 'status'}
      data-outcome={outcome}
      aria-busy={outcome === 'checking'}
    >
      {TEXT[outcome]}
    </p>
  );
}
