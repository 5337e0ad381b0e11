// What a Checkout Session means for the order, for the page the person comes back to.
import type Stripe from 'stripe';

export type OrderOutcome = 'paid' | 'processing' | 'failed' | 'expired' | 'open';

type SessionFacts = Pick<Stripe.Checkout.Session, 'status' | 'payment_status'> & {
  /** Expanded (`expand: ['payment_intent']`): its status tells a failed delayed payment from a pending one. */
  payment_intent: string | Pick<Stripe.PaymentIntent, 'status'> | null;
};

export function orderOutcome(session: SessionFacts): OrderOutcome {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'open';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  // Complete but unpaid: a delayed method (a bank debit) still settling, or one that failed since.
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  return intent?.status === 'requires_payment_method' || intent?.status === 'canceled' ? 'failed' : 'processing';
}
