// Which Checkout Session a client secret belongs to: Stripe's client secret of a Checkout Session is
// its id, `_secret_`, then the secret part (`cs_test_a1…_secret_b2…`; Stripe.js reads it that way).
// Only the id leaves: the secret part never reaches a host's callback or an element's event.

/** The session's id (`cs_…`), or '' when the secret is not a Checkout Session's. */
export function checkoutSessionId(clientSecret: string): string {
  return /^(cs_[A-Za-z0-9_]+?)_secret_/.exec(clientSecret)?.[1] ?? '';
}
