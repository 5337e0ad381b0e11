// A cart: the lines a request asks for (`{ productId, quantity }` each, from the button's JSON or a
// form's fields), checked against the catalog and against what Stripe takes in one Checkout Session,
// before Stripe is called. A line naming a product twice is merged (the quantities added, then checked
// against the product's range), so a shop's "add one more" that repeats a line is one line at Stripe.
// Pure: the routes turn a refusal into a 400 sentence or the form's page in the person's language.
import { askedQuantity, inRange, rangeSentence, type Catalog, type Product, type Recurring } from './catalog';

/** What a request names, as it sent it (a form's digits are strings). */
export interface AskedLine {
  productId: unknown;
  quantity?: unknown;
}

export interface CartLine {
  product: Product;
  quantity: number;
}

/** `payment`: every line paid once. `subscription`: a plan, its one-time lines on the first invoice. */
export interface Cart {
  lines: CartLine[];
  mode: 'payment' | 'subscription';
  /** The plan's free trial, when it has one. */
  trialDays?: number;
}

/** Stripe's limits per session: 100 lines in payment mode; 20 recurring and 20 one-time in subscription mode. */
export const MAX_PAYMENT_LINES = 100;
export const MAX_PLAN_LINES = 20;

/** `product` and `quantity` match the form's refusal pages; `cart` is a cart Stripe would not take as one session. */
export type CartRefusal = { reason: 'product' | 'quantity' | 'cart'; message: string };
export type CartChecked = { ok: true; cart: Cart } | ({ ok: false } & CartRefusal);

const refuse = (reason: CartRefusal['reason'], message: string): CartChecked => ({ ok: false, reason, message });

const periodOf = ({ interval, intervalCount = 1 }: Recurring) => `${intervalCount} ${interval}`;

/** The lines, merged by product, each within its range; a refusal names the first line at fault. */
function linesOf(asked: readonly AskedLine[], catalog: Catalog): { lines: CartLine[] } | CartChecked {
  const merged = new Map<string, CartLine>();
  for (const [i, line] of asked.entries()) {
    if (typeof line.productId !== 'string' || line.productId === '')
      return refuse('product', `Line ${i + 1} needs a productId (a string).`);
    const product = catalog(line.productId);
    if (!product) return refuse('product', `No product "${line.productId.slice(0, 64)}" in the catalog.`);
    const quantity = askedQuantity(product, line.quantity);
    if (Number.isNaN(quantity)) return refuse('quantity', rangeSentence(product));
    const seen = merged.get(product.id);
    if (seen) seen.quantity += quantity;
    else merged.set(product.id, { product, quantity });
  }
  for (const { product, quantity } of merged.values()) {
    if (!inRange(product, quantity))
      return refuse('quantity', merged.size > 1 ? `${product.id}: ${rangeSentence(product)}` : rangeSentence(product));
  }
  return { lines: [...merged.values()] };
}

export function checkCart(asked: readonly AskedLine[], catalog: Catalog): CartChecked {
  if (asked.length === 0) return refuse('cart', 'The cart is empty: send at least one line ({ productId, quantity }).');
  // Before the catalog is read: a body may carry a thousand lines.
  if (asked.length > MAX_PAYMENT_LINES) return refuse('cart', `A cart holds at most ${MAX_PAYMENT_LINES} lines.`);
  const checked = linesOf(asked, catalog);
  if (!('lines' in checked)) return checked;
  const { lines } = checked;
  const currencies = new Set(lines.flatMap(({ product }) => (product.currency ? [product.currency] : [])));
  if (currencies.size > 1) return refuse('cart', `A cart is paid in one currency, not ${[...currencies].join(' and ')}.`);
  const plans = lines.filter(({ product }) => product.recurring);
  if (plans.length === 0) return { ok: true, cart: { lines, mode: 'payment' } };
  if (plans.length > MAX_PLAN_LINES || lines.length - plans.length > MAX_PLAN_LINES)
    return refuse('cart', `A cart with a plan holds at most ${MAX_PLAN_LINES} plans and ${MAX_PLAN_LINES} one-time products.`);
  const periods = new Set(plans.map(({ product }) => periodOf(product.recurring!)));
  if (periods.size > 1)
    return refuse('cart', `The plans of one cart are billed together: every ${[...periods].join(' and every ')} cannot be.`);
  const trials = new Set(plans.map(({ product }) => product.trialDays ?? 0));
  if (trials.size > 1) return refuse('cart', 'The plans of one cart share one trial: these have different trials.');
  const [trialDays] = trials;
  return { ok: true, cart: { lines, mode: 'subscription', ...(trialDays ? { trialDays } : {}) } };
}
