// What the server decides for every session besides the product and quantity: promotion codes, the
// customer's email (from the host's own session), the connected account, and Stripe parameters this
// server does not model. Never the request's body: the hooks get the request so they can read the
// host's own cookie or header, as the host's framework would.
import type Stripe from 'stripe';
import type { CheckoutContext } from '../http/http';
import { checkoutSessionParams, type SessionOrder, type SessionOrigin } from './sessionParams';

/** Stripe parameters a host adds; ours win where both set one (the mode, the line, the URLs, our metadata keys). */
export type ExtraSessionParams = Partial<Stripe.Checkout.SessionCreateParams>;

type Maybe<T> = T | null | undefined | Promise<T | null | undefined>;

export interface SessionPolicy {
  /** The promotion-code field on Stripe's page; off by default. */
  allowPromotionCodes?: boolean;
  /**
   * A connected account (`acct_…`): every session is created on it (Stripe's `Stripe-Account`), and
   * status reads ask it. The same account the button gives Stripe.js (`stripeOptions.stripeAccount`).
   */
  stripeAccount?: string;
  /** The signed-in customer's email, prefilled on Stripe's page: read from your own session (a cookie). Null for none. */
  customerEmail?: (request: Request, context: CheckoutContext) => Maybe<string>;
  /**
   * Stripe parameters this server does not model (shipping, tax, custom fields…). Computed on each
   * attempt, but what is sent under an Idempotency-Key is the first attempt's parameters, this
   * output included (sessionRequests.ts): a retry sends the same bytes.
   */
  extraParams?: (order: SessionOrder, request: Request, context: CheckoutContext) => Maybe<ExtraSessionParams>;
}

const ACCOUNT = /^acct_[A-Za-z0-9]{1,64}$/;

/** Checked once, when the handlers are made: a wrong account would fail every session. */
export function checkSessionPolicy({ stripeAccount }: SessionPolicy): void {
  if (stripeAccount !== undefined && !ACCOUNT.test(stripeAccount)) {
    throw new Error(`stripeAccount must be a connected account's id (acct_…), not ${JSON.stringify(stripeAccount.slice(0, 40))}.`);
  }
}

/** Stripe's request options for this policy: the connected account, when there is one. */
export const accountOption = ({ stripeAccount }: SessionPolicy): Stripe.RequestOptions => (stripeAccount ? { stripeAccount } : {});

/** The parameters of one session: ours, the hooks' email and extra parameters folded in. */
export async function sessionParamsFor(
  order: SessionOrder,
  origin: SessionOrigin,
  policy: SessionPolicy,
  request: Request,
  context: CheckoutContext,
): Promise<Stripe.Checkout.SessionCreateParams> {
  const email = policy.customerEmail ? await policy.customerEmail(request, context) : undefined;
  const ours = checkoutSessionParams(order, origin, { allowPromotionCodes: policy.allowPromotionCodes, customerEmail: email ?? undefined });
  const extra = policy.extraParams ? await policy.extraParams(order, request, context) : undefined;
  if (!extra) return ours;
  const merged = { ...extra, ...ours, metadata: { ...extra.metadata, ...ours.metadata } };
  if (!ours.subscription_data) return merged;
  const { subscription_data: theirs } = extra;
  return {
    ...merged,
    subscription_data: { ...theirs, ...ours.subscription_data, metadata: { ...theirs?.metadata, ...ours.subscription_data.metadata } },
  };
}
