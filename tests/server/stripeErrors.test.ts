import Stripe from 'stripe';
import { describeStripeFailure, stripeFailureOf } from '../../server/sessions/stripeErrors';

// An error thrown by another copy of the library (a framework's ESM bundle beside this package's
// CommonJS): the same fields, another class.
class OtherCopyError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
  }
}

describe('Stripe failures are read by name, whichever copy of the library threw them', () => {
  it.each([
    ['StripeConnectionError', undefined, 502, /could not be reached/],
    ['StripeAuthenticationError', 401, 502, /STRIPE_SECRET_KEY/],
    ['StripeRateLimitError', 429, 503, /rate limiting/],
    ['StripeIdempotencyError', 400, 409, /already used with other parameters/],
    ['StripeAPIError', 409, 409, /still running at Stripe/],
    ['StripeInvalidRequestError', 404, 404, /refused a parameter/],
  ])('%s (%s) from another copy answers %s', (type, statusCode, status, message) => {
    const failure = describeStripeFailure(new OtherCopyError(type, 'No such thing: sk_test_123', statusCode), 'creating a session');
    expect(failure.status).toBe(status);
    expect(failure.message).toMatch(message);
    expect(failure.message).not.toContain('sk_test_123');
  });

  it("answers the library's own classes the same way", () => {
    const error = new Stripe.errors.StripeConnectionError({ message: 'down' });
    expect(describeStripeFailure(error, 'creating a session')).toEqual({
      status: 502,
      message: 'Stripe could not be reached while creating a session.',
    });
  });

  it('is not fooled by other errors', () => {
    expect(stripeFailureOf(new Error('boom'))).toBeNull();
    expect(stripeFailureOf({ type: 'TypeError', message: 'x' })).toBeNull();
    expect(describeStripeFailure(new TypeError('x'), 'creating a session').status).toBe(500);
    expect(stripeFailureOf(new OtherCopyError('StripeCardError', 'declined'), 'StripeInvalidRequestError')).toBeNull();
  });
});
