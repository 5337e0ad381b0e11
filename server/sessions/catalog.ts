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
   * Only `payment` is supported: a `subscription` product is refused when the catalog is made
   * (catalogOf), so a server never starts with one it would sell wrongly.
   */
  mode?: 'payment' | 'subscription';
}

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
  currency?: never;
}

export type Product = InlinePricedProduct | StripePricedProduct;

export type Catalog = (productId: string) => Product | undefined;

/** What is wrong with a product, for a start-up error; null when it can be sold. */
export function productProblem(product: Product): string | null {
  const where = `Product ${JSON.stringify(product.id)}`;
  if (!product.id || !product.name) return `${where} needs an id and a name.`;
  if (product.mode === 'subscription') return `${where} is a subscription: subscriptions are not supported yet (only mode 'payment').`;
  if (product.mode !== undefined && product.mode !== 'payment')
    return `${where} has mode ${JSON.stringify(product.mode)}; only 'payment' is supported.`;
  if (product.price !== undefined) {
    if (product.unitAmount !== undefined || product.currency !== undefined)
      return `${where} names a Stripe Price and an inline price: give one.`;
    if (!PRICE_ID.test(product.price)) return `${where}: ${JSON.stringify(product.price)} is not a Stripe Price id (price_…).`;
  } else {
    if (!Number.isSafeInteger(product.unitAmount) || product.unitAmount < 0)
      return `${where} needs a unitAmount in the currency's smallest unit (a whole number) or a price.`;
    if (typeof product.currency !== 'string' || !/^[a-z]{3}$/.test(product.currency))
      return `${where} needs a currency (ISO 4217, lower case: "eur").`;
  }
  const range = product.quantity;
  if (
    range &&
    !(Number.isInteger(range.min) && Number.isInteger(range.max) && range.min >= 1 && range.min <= range.max && range.max <= MAX_QUANTITY)
  ) {
    return `${where}: quantity must be whole numbers with 1 <= min <= max <= ${MAX_QUANTITY}, not ${JSON.stringify(range)}.`;
  }
  return null;
}

/** The allowed range of a product's quantity. */
export const quantityRange = (product: Product) => product.quantity ?? { min: 1, max: 1 };

/**
 * The quantity a request asked for, checked against the product's range: absent buys `min`; a whole
 * number (or its digits, from a form) within the range is taken; anything else is refused, saying the range.
 */
export function quantityOf(product: Product, asked: unknown): { ok: true; quantity: number } | { ok: false; message: string } {
  const { min, max } = quantityRange(product);
  if (asked === undefined || asked === null || asked === '') return { ok: true, quantity: min };
  const quantity = typeof asked === 'number' ? asked : typeof asked === 'string' && /^\d{1,7}$/.test(asked) ? Number(asked) : NaN;
  if (Number.isInteger(quantity) && quantity >= min && quantity <= max) return { ok: true, quantity };
  return {
    ok: false,
    message:
      min === max ? `quantity must be ${min} for this product.` : `quantity must be a whole number from ${min} to ${max} for this product.`,
  };
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
];
