// Stripe's idempotency, as its API keeps it for a POST: the first result under a key is saved once the
// request begins executing and replayed, with `Idempotent-Replayed: true`, to a retry with the same
// parameters for 24 hours; other parameters under the key are refused `400 idempotency_error`; a
// request whose key's first request is still executing is refused `409` (`idempotency_key_in_use`).
// A request refused by validation saves nothing: the key can be used again.
import type { StripeErrorBody } from './checkoutSessionRules';

export interface StandInAnswer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/** Stripe prunes a key after 24 hours: then the key makes a new request. */
const KEY_LIFETIME_MS = 24 * 3600_000;

export const stripeError = (status: number, error: StripeErrorBody | Omit<StripeErrorBody, 'param'>): StandInAnswer => ({
  status,
  body: { error },
});

export function idempotencyKeys(now: () => number = Date.now) {
  const saved = new Map<string, { body: string; answer: StandInAnswer; at: number }>();
  const running = new Set<string>();
  /**
   * `refuse`: validation (nothing saved when it refuses). `execute`: the request itself, whose
   * answer is saved under `key`. `body`: the request's raw parameters, compared byte for byte.
   * `account`: keys are kept per account (the Stripe-Account the request is made for).
   */
  return async function once(
    given: string | undefined,
    body: string,
    refuse: () => StandInAnswer | null,
    execute: () => Promise<StandInAnswer>,
    account = '',
  ): Promise<StandInAnswer> {
    if (!given) return refuse() ?? execute();
    const key = `${account}/${given}`;
    if (running.has(key)) {
      return stripeError(409, {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message:
          'The idempotency key provided is currently being used in another request. This occurs if your integration is making duplicate requests simultaneously.',
      });
    }
    const kept = saved.get(key);
    const earlier = kept && now() - kept.at < KEY_LIFETIME_MS ? kept : undefined;
    if (earlier && earlier.body !== body) {
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${given}' if you meant to execute a different request.`,
      });
    }
    if (earlier) return { ...earlier.answer, replayed: true };
    const refusal = refuse();
    if (refusal) return refusal;
    running.add(key);
    try {
      const answer = await execute();
      saved.set(key, { body, answer, at: now() });
      return answer;
    } finally {
      running.delete(key);
    }
  };
}
