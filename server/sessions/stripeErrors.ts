// Stripe's failures as answers the button understands: a non-2xx JSON reply with a sentence a
// developer can act on (the button shows its own `session_failed` text). Never a stack, never a key.
import Stripe from 'stripe';

export interface Failure {
  status: number;
  message: string;
}

const KEY = /\b(sk|rk|pk|whsec)_(test|live)?_?\w+/g;

/** Stripe's own message, with anything that looks like a key masked. */
const safe = (message: string) => message.replace(KEY, '[redacted]');

export function describeStripeFailure(error: unknown, what: string): Failure {
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return { status: 502, message: `Stripe refused this server's API key while ${what}: check STRIPE_SECRET_KEY.` };
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return { status: 409, message: `This Idempotency-Key was already used with other parameters while ${what}; a new click sends a new key.` };
  }
  // The first request under this key is still running at Stripe (the library already retried): retry later.
  if (error instanceof Stripe.errors.StripeError && error.statusCode === 409) {
    return { status: 409, message: `A request with this Idempotency-Key is still running at Stripe while ${what}; try again in a moment.` };
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const param = error.param ? ` (${error.param})` : '';
    return { status: error.statusCode === 404 ? 404 : 502, message: `Stripe refused a parameter while ${what}${param}: ${safe(error.message)}` };
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) return { status: 503, message: `Stripe is rate limiting this account; ${what} can be tried again shortly.` };
  if (error instanceof Stripe.errors.StripeConnectionError) return { status: 502, message: `Stripe could not be reached while ${what}.` };
  if (error instanceof Stripe.errors.StripeError) return { status: 502, message: `Stripe failed while ${what}: ${safe(error.message)}` };
  return { status: 500, message: `The server failed while ${what}.` };
}
