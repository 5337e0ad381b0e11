// What can be bought, and for how much: decided here, on the server. The browser only names a product.

export interface Product {
  id: string;
  name: string;
  /** In the currency's smallest unit (cents). */
  unitAmount: number;
  /** ISO 4217, lower case, as Stripe takes it. */
  currency: string;
}

export type Catalog = (productId: string) => Product | undefined;

/** A catalog from a fixed list (a real shop reads its database). */
export function catalogOf(products: Product[]): Catalog {
  const byId = new Map(products.map((product) => [product.id, product]));
  return (productId) => byId.get(productId);
}

/** The host example's shop. */
export const DEMO_PRODUCTS: Product[] = [{ id: 'coffee-beans-1kg', name: 'Coffee beans, 1 kg', unitAmount: 1200, currency: 'eur' }];
