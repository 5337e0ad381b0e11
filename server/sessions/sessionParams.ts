// Every parameter this server sends to Stripe to create a Checkout Session, in one place. Written for
// API version 2026-10-28.endive (the pinned `stripe` library's): `ui_mode` is `hosted_page`,
// `embedded_page` or `elements` since 2026-03-25.dahlia; the old `hosted`/`embedded`/`custom` are refused.
import type Stripe from 'stripe';
import type { Product } from './catalog';
import type { Cart, CartLine } from './cart';
import { ourMetadata } from '../orders/ourSession';
import type { ButtonMode } from './sessionRequest';

/** Stripe puts the session's id in place of this, literally, when it sends the person back. */
export const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** `page` with one more query parameter, the template kept unencoded (URLSearchParams would encode its braces). */
export function withQuery(page: string, name: string, value: string): string {
  const url = new URL(page);
  return `${url.origin}${url.pathname}${url.search ? `${url.search}&` : '?'}${name}=${value}`;
}

/**
 * A wallet session is created before anyone clicks (the Express Checkout Element needs it to render),
 * for every page view that nears the button: an hour, not Stripe's default day, so a price changed in
 * the catalog reaches an open page within the hour (the button renews a session that expires while
 * the page stays open). Stripe takes 30 minutes to 24 hours.
 */
export const WALLET_SESSION_SECONDS = 3600;

/** Where the sessions come from: the shop's return page and the integration's tag (ourSession.ts). */
export interface SessionOrigin {
  /** The page Stripe sends the person back to, with `?session_id=…` added. */
  returnPage: string;
  integration: string;
}

/** What was asked for: the checked cart and the kind of session the button shows. */
export interface SessionOrder {
  cart: Cart;
  mode: ButtonMode;
  /** The cart's first line, what a one-product shop's hooks read. */
  product: Product;
  quantity: number;
}

/** The order of a checked cart. */
export const orderOf = (cart: Cart, mode: ButtonMode): SessionOrder => ({ cart, mode, ...cart.lines[0] });

/** What the server decided for this session beyond the product (sessionPolicy.ts). */
export interface SessionChoices {
  /** The promotion-code field on Stripe's page. */
  allowPromotionCodes?: boolean;
  /** Prefilled on Stripe's page, from the host's own session. */
  customerEmail?: string;
}

/**
 * One line: the Stripe Price the product names, or its inline price (with its interval for a plan).
 * The line's metadata names the product, so the paid lines Stripe lists say what to ship.
 */
function lineItem({ product, quantity }: CartLine): Stripe.Checkout.SessionCreateParams.LineItem {
  const metadata = { product_id: product.id };
  if (product.price !== undefined) return { price: product.price, quantity, metadata };
  const { recurring } = product;
  return {
    price_data: {
      currency: product.currency,
      unit_amount: product.unitAmount,
      product_data: { name: product.name },
      ...(recurring ? { recurring: { interval: recurring.interval, interval_count: recurring.intervalCount ?? 1 } } : {}),
    },
    quantity,
    metadata,
  };
}

/**
 * The session's metadata: our tag, and for a cart of one line its product and quantity as before carts
 * (what sessions of earlier versions carry); a longer cart's lines are in its line items.
 */
function sessionMetadata({ lines }: Cart, integration: string): Record<string, string> {
  if (lines.length > 1) return { integration, lines: String(lines.length) };
  return { ...ourMetadata(integration, lines[0].product.id), quantity: String(lines[0].quantity) };
}

/** A plan's subscription: tagged like the session (its own events carry only its metadata), and its trial. */
function subscriptionData({ mode, trialDays }: Cart, integration: string): Pick<Stripe.Checkout.SessionCreateParams, 'subscription_data'> {
  if (mode !== 'subscription') return {};
  return { subscription_data: { metadata: { integration }, ...(trialDays ? { trial_period_days: trialDays } : {}) } };
}

/**
 * Computed once per Idempotency-Key (sessionRequests.ts): `expires_at` depends on the clock, so a
 * retry resends the first attempt's parameters rather than calling this again.
 */
export function checkoutSessionParams(
  { cart, mode }: Pick<SessionOrder, 'cart' | 'mode'>,
  { returnPage, integration }: SessionOrigin,
  choices: SessionChoices = {},
  nowSeconds = Math.floor(Date.now() / 1000),
): Stripe.Checkout.SessionCreateParams {
  const common = {
    mode: cart.mode,
    line_items: cart.lines.map(lineItem),
    // That it is this integration's to ship (ourSession.ts); what to ship is in the paid line items.
    metadata: sessionMetadata(cart, integration),
    ...subscriptionData(cart, integration),
    ...(choices.allowPromotionCodes ? { allow_promotion_codes: true } : {}),
    ...(choices.customerEmail ? { customer_email: choices.customerEmail } : {}),
  } satisfies Stripe.Checkout.SessionCreateParams;
  const back = withQuery(returnPage, 'session_id', SESSION_ID_TEMPLATE);
  if (mode === 'embedded') return { ...common, ui_mode: 'embedded_page', return_url: back };
  // `elements` refuses success_url and cancel_url; return_url is where a redirect-based method
  // (a bank's page) sends the person back to.
  if (mode === 'wallets') return { ...common, ui_mode: 'elements', return_url: back, expires_at: nowSeconds + WALLET_SESSION_SECONDS };
  return { ...common, ui_mode: 'hosted_page', success_url: back, cancel_url: withQuery(returnPage, 'checkout', 'canceled') };
}
