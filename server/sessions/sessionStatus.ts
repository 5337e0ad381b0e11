// GET ?session_id=cs_…: the order's state for the page the person comes back to. Only what that
// page needs: no client secret, no email, no amounts. Each read is a Stripe API call, so a client has
// a budget of them (rateLimit.ts), as it has of sessions.
import type Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';
import { errorResponse, jsonResponse, refuseMethod, type Handler } from '../http/http';
import { orderOutcome, type OrderOutcome } from '../orders/orderOutcome';
import { clientLimiter, DEFAULT_LIMITS, type ClientLimiter, type ClientLimits } from '../limits/rateLimit';
import { accountOption } from './sessionPolicy';
import { describeStripeFailure } from './stripeErrors';

export interface SessionStatusReply {
  status: Stripe.Checkout.Session.Status | null;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  outcome: OrderOutcome;
}

export interface SessionStatusOptions {
  stripe: StripeApi;
  log?: (message: string, error: unknown) => void;
  /** Its `status` budget per client; `false` for none. */
  rateLimit?: ClientLimits | false;
  /** Where the budgets are kept (in memory from `rateLimit` by default). */
  limiter?: ClientLimiter;
  /** The connected account the sessions were created on (sessionPolicy.ts). */
  stripeAccount?: string;
}

const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,200}$/;

export function sessionStatusHandler({
  stripe,
  log = console.error,
  rateLimit = DEFAULT_LIMITS,
  limiter,
  stripeAccount,
}: SessionStatusOptions): Handler {
  const limit = limiter ?? clientLimiter(rateLimit);
  return async (request, { clientAddress }) => {
    const wrongMethod = refuseMethod(request, 'GET');
    if (wrongMethod) return wrongMethod;
    const id = new URL(request.url).searchParams.get('session_id') ?? '';
    if (!SESSION_ID.test(id)) return errorResponse(400, 'session_id must be a Checkout Session id (cs_test_… or cs_live_…).');
    const take = await limit('status', clientAddress);
    if (!take.ok) {
      const wait = String(take.retryAfterSeconds);
      return errorResponse(429, `Too many status requests from this client; try again in ${wait} s.`, { 'Retry-After': wait });
    }
    try {
      const session = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }, accountOption({ stripeAccount }));
      const reply: SessionStatusReply = { status: session.status, paymentStatus: session.payment_status, outcome: orderOutcome(session) };
      return jsonResponse(200, reply);
    } catch (error) {
      const failure = describeStripeFailure(error, 'reading the Checkout Session');
      if (failure.status !== 404) log(failure.message, error);
      return errorResponse(failure.status, failure.status === 404 ? 'No such Checkout Session.' : failure.message);
    }
  };
}
