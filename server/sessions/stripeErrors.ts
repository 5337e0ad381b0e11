// Stripe's failures as answers the button understands: a non-2xx JSON reply with a sentence a
// developer can act on (the button shows its own `session_failed` text). Never a stack, never a key.
export interface Failure {
  status: number;
  message: string;
}

const KEY = /\b(sk|rk|pk|whsec)_(test|live)?_?\w+/g;

/** What the `stripe` library's errors carry: `type` is the class's name (`StripeInvalidRequestError`…). */
export interface StripeFailure {
  type: string;
  message: string;
  statusCode?: number;
  param?: string;
}

/**
 * The failure as one of Stripe's errors, or null. Read by name, never by `instanceof`: a framework's
 * bundle and this package may each load their own copy of `stripe` (ESM and CommonJS), and an error
 * from one copy is no instance of the other's classes.
 */
export function stripeFailureOf(error: unknown, ...types: string[]): StripeFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { type, message } = error as Partial<StripeFailure>;
  if (typeof type !== 'string' || !type.startsWith('Stripe') || typeof message !== 'string') return null;
  return types.length === 0 || types.includes(type) ? (error as StripeFailure) : null;
}

/** Stripe's own message, with anything that looks like a key masked. */
const safe = (message: string) => message.replace(KEY, '[redacted]');

export function describeStripeFailure(error: unknown, what: string): Failure {
  const failure = stripeFailureOf(error);
  if (!failure) return { status: 500, message: `The server failed while ${what}.` };
  switch (failure.type) {
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return { status: 502, message: `Stripe refused this server's API key while ${what}: check STRIPE_SECRET_KEY.` };
    case 'StripeIdempotencyError':
      return {
        status: 409,
        message: `This Idempotency-Key was already used with other parameters while ${what}; a new click sends a new key.`,
      };
    case 'StripeRateLimitError':
      return { status: 503, message: `Stripe is rate limiting this account; ${what} can be tried again shortly.` };
    case 'StripeConnectionError':
      return { status: 502, message: `Stripe could not be reached while ${what}.` };
  }
  // The first request under this key is still running at Stripe (the library already retried): retry later.
  if (failure.statusCode === 409) {
    return { status: 409, message: `A request with this Idempotency-Key is still running at Stripe while ${what}; try again in a moment.` };
  }
  if (failure.type === 'StripeInvalidRequestError') {
    const param = failure.param ? ` (${failure.param})` : '';
    return {
      status: failure.statusCode === 404 ? 404 : 502,
      message: `Stripe refused a parameter while ${what}${param}: ${safe(failure.message)}`,
    };
  }
  return { status: 502, message: `Stripe failed while ${what}: ${safe(failure.message)}` };
}
