// What a session was paid for: its line items as Stripe lists them (every page), with the amounts,
// discounts and quantities Stripe recorded. Fulfilment ships these, never the browser's cart nor
// today's catalog: a price or a product changed since the session was created changes nothing here.
import type Stripe from 'stripe';
import type { StripeApi } from '../stripeClient';

/** Stripe's largest page: a payment session has at most 100 lines, so one request in practice. */
const PAGE = 100;

/** Every line item of `sessionId`, in Stripe's order, on the connected account when there is one. */
export async function listPaidLines(stripe: StripeApi, sessionId: string, stripeAccount?: string): Promise<Stripe.LineItem[]> {
  const lines: Stripe.LineItem[] = [];
  // The library's auto-pagination: `starting_after` the last id while `has_more`.
  for await (const line of stripe.checkout.sessions.listLineItems(sessionId, { limit: PAGE }, stripeAccount ? { stripeAccount } : {})) {
    lines.push(line);
  }
  return lines;
}

/** Read once, when first asked: a `fulfil` that ships from its own records never costs a request. */
export function paidLinesOnce(stripe: StripeApi, sessionId: string, stripeAccount?: string): () => Promise<Stripe.LineItem[]> {
  let lines: Promise<Stripe.LineItem[]> | undefined;
  return () => {
    lines ??= listPaidLines(stripe, sessionId, stripeAccount);
    // A failed read is asked again next time (the next delivery), not remembered.
    lines.catch(() => (lines = undefined));
    return lines;
  };
}
