// GET ?session_id=cs_…: the order's state for the page the person comes back to. Only what that
// page needs: no client secret, no email, no amounts.
import type Stripe from 'stripe';
import { refuseMethod, sendError, sendJson, type Handler } from './http';
import { orderOutcome, type OrderOutcome } from './orderOutcome';
import { describeStripeFailure } from './stripeErrors';

export interface SessionStatusReply {
  status: Stripe.Checkout.Session.Status | null;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  outcome: OrderOutcome;
}

export interface SessionStatusOptions {
  stripe: Stripe;
  log?: (message: string, error: unknown) => void;
}

const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,200}$/;

export function sessionStatusHandler({ stripe, log = console.error }: SessionStatusOptions): Handler {
  return async (req, res) => {
    if (refuseMethod(req, res, 'GET')) return;
    const query = new URL(req.url ?? '/', 'http://server').searchParams;
    const id = query.get('session_id') ?? '';
    if (!SESSION_ID.test(id)) return sendError(res, 400, 'session_id must be a Checkout Session id (cs_test_… or cs_live_…).');
    try {
      const session = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
      const reply: SessionStatusReply = { status: session.status, paymentStatus: session.payment_status, outcome: orderOutcome(session) };
      sendJson(res, 200, reply);
    } catch (error) {
      const failure = describeStripeFailure(error, 'reading the Checkout Session');
      if (failure.status !== 404) log(failure.message, error);
      sendError(res, failure.status, failure.status === 404 ? 'No such Checkout Session.' : failure.message);
    }
  };
}
