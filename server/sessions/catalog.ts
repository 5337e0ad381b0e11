// What can be bought, for how much and in what quantities: decided here, on the server. The browser
// only names a product and a quantity; the server checks the quantity against the product's range.

/** A Stripe Price id, as the Dashboard shows it. */
const PRICE_ID = /^price_[A-Za-z0-9_]{1,200}$/;

/** Stripe's cap on one line item's quantity. */
export const MAX_QUANTITY = 999_999;

interface ProductBase {
  id: string;
  name: string;
  /**
   * The quantities a request may ask for (the button's and the form's `quantity`), whole numbers from
   * `min` to `max`; `{ min: 1, max: 1 }` when absent (one at a time). A request without `quantity` buys `min`.
   */
  quantity?: { min: number; max: number };
  /**
   * A plan: billed every `intervalCount` (1 by default) `interval`s. A cart with a plan is a
   * subscription session. A product priced in Stripe says here what its Price is, as the server
   * checks the cart before calling Stripe (and Stripe refuses a Price that disagrees).
   */
  recurring?: Recurring;
  /** A free trial before the first charge (Stripe's `subscription_data.trial_period_days`): plans only. */
  trialDays?: number;
  /** Before plans existed a product said `mode: 'payment'`: still accepted, and all it can say (a plan says `recurring`). */
  mode?: 'payment';
}

export type Interval = 'day' | 'week' | 'month' | 'year';
export interface Recurring {
  interval: Interval;
  intervalCount?: number;
}

/** Stripe's longest billing period, 3 years, per interval. */
const MAX_INTERVAL_COUNT: Record<Interval, number> = { day: 1095, week: 156, month: 36, year: 3 };
/** Stripe's longest trial. */
export const MAX_TRIAL_DAYS = 730;

/** Priced here: the amount and currency go to Stripe with each session (`price_data`). */
export interface InlinePricedProduct extends ProductBase {
  /** In the currency's smallest unit (cents). */
  unitAmount: number;
  /** ISO 4217, lower case, as Stripe takes it. */
  currency: string;
  price?: never;
}

/** Priced in Stripe: a Price managed in the Dashboard (`price_…`), on the account sessions are created on. */
export interface StripePricedProduct extends ProductBase {
  price: string;
  unitAmount?: never;
  /** The Price's currency, when known: lets the server refuse a cart of two currencies itself. */
  currency?: string;
}

export type Product = InlinePricedProduct | StripePricedProduct;

export type Catalog = (productId: string) => Product | undefined;

/** What is wrong with a product, for a start-up error; null when it can be sold. */
export function productProblem(product: Product): string | null {
  const where = `Product ${JSON.stringify(product.id)}`;
  if (!product.id || !product.name) return `${where} needs an id and a name.`;
  if (product.mode !== undefined && product.mode !== 'payment')
    return `${where} has mode ${JSON.stringify(product.mode)}: a plan says \`recurring: { interval }\` instead.`;
  if (product.price !== undefined) {
    if (product.unitAmount !== undefined) return `${where} names a Stripe Price and an inline price: give one.`;
    if (!PRICE_ID.test(product.price)) return `${where}: ${JSON.stringify(product.price)} is not a Stripe Price id (price_…).`;
  } else if (!Number.isSafeInteger(product.unitAmount) || product.unitAmount < 0) {
    return `${where} needs a unitAmount in the currency's smallest unit (a whole number) or a price.`;
  }
  if ((product.price === undefined || product.currency !== undefined) && !/^[a-z]{3}$/.test(String(product.currency)))
    return `${where} needs a currency (ISO 4217, lower case: "eur").`;
  const plan = planProblem(product);
  if (plan) return `${where}${plan}`;
  const range = product.quantity;
  if (
    range &&
    !(Number.isInteger(range.min) && Number.isInteger(range.max) && range.min >= 1 && range.min <= range.max && range.max <= MAX_QUANTITY)
  ) {
    return `${where}: quantity must be whole numbers with 1 <= min <= max <= ${MAX_QUANTITY}, not ${JSON.stringify(range)}.`;
  }
  return null;
}

/** What is wrong with a product's plan and trial (after the product's name), or null. */
function planProblem({ recurring, trialDays }: ProductBase): string | null {
  if (recurring !== undefined) {
    const { interval, intervalCount = 1 } = recurring;
    if (!Object.hasOwn(MAX_INTERVAL_COUNT, interval)) return `: recurring.interval must be day, week, month or year.`;
    if (!Number.isInteger(intervalCount) || intervalCount < 1 || intervalCount > MAX_INTERVAL_COUNT[interval])
      return `: recurring.intervalCount must be a whole number from 1 to ${MAX_INTERVAL_COUNT[interval]} (Stripe bills at most every 3 years).`;
  }
  if (trialDays === undefined) return null;
  if (recurring === undefined) return ` has trialDays but is not a plan (recurring): a trial needs a recurring price.`;
  if (!Number.isInteger(trialDays) || trialDays < 1 || trialDays > MAX_TRIAL_DAYS)
    return `: trialDays must be a whole number from 1 to ${MAX_TRIAL_DAYS}.`;
  return null;
}

/** The allowed range of a product's quantity. */
export const quantityRange = (product: Product) => product.quantity ?? { min: 1, max: 1 };

/**
 * The quantity a request asked for, checked against the product's range: absent buys `min`; a whole
 * number (or its digits, from a form) within the range is taken; anything else is refused, saying the range.
 */
export function quantityOf(product: Product, asked: unknown): { ok: true; quantity: number } | { ok: false; message: string } {
  const quantity = askedQuantity(product, asked);
  return inRange(product, quantity) ? { ok: true, quantity } : { ok: false, message: rangeSentence(product) };
}

/** The whole number asked for (absent: the product's `min`), NaN when it is not one. */
export function askedQuantity(product: Product, asked: unknown): number {
  if (asked === undefined || asked === null || asked === '') return quantityRange(product).min;
  const quantity = typeof asked === 'number' ? asked : typeof asked === 'string' && /^\d{1,7}$/.test(asked) ? Number(asked) : NaN;
  return Number.isInteger(quantity) ? quantity : NaN;
}

export function inRange(product: Product, quantity: number): boolean {
  const { min, max } = quantityRange(product);
  return quantity >= min && quantity <= max;
}

/** The refusal of a quantity outside the product's range. */
export function rangeSentence(product: Product): string {
  const { min, max } = quantityRange(product);
  return min === max
    ? `quantity must be ${min} for this product.`
    : `quantity must be a whole number from ${min} to ${max} for this product.`;
}

/** A catalog from a fixed list (a real shop reads its database). Throws, naming each, on products it cannot sell. */
export function catalogOf(products: readonly Product[]): Catalog {
  const problems = products.map(productProblem).filter((problem): problem is string => problem !== null);
  if (problems.length) throw new Error(`The catalog cannot be used:\n- ${problems.join('\n- ')}`);
  const byId = new Map(products.map((product) => [product.id, product]));
  return (productId) => byId.get(productId);
}

/** The host example's shop. */
export const DEMO_PRODUCTS: Product[] = [
  { id: 'coffee-beans-1kg', name: 'Coffee beans, 1 kg', unitAmount: 1200, currency: 'eur', quantity: { min: 1, max: 10 } },
  { id: 'filter-papers', name: 'Filter papers, 100', unitAmount: 400, currency: 'eur', quantity: { min: 1, max: 5 } },
  { id: 'hand-grinder', name: 'Hand grinder', unitAmount: 4500, currency: 'eur', quantity: { min: 1, max: 2 } },
  // A plan: a monthly box, the first 14 days free.
  { id: 'coffee-club', name: 'Coffee club', unitAmount: 900, currency: 'eur', recurring: { interval: 'month' }, trialDays: 14 },
];
