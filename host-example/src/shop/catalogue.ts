// The example shop's catalogue. The browser shows it; the server prices sessions from it and
// never from what the browser sends, so a tampered request cannot change an amount.

export interface Product {
  id: string;
  name: string;
  description: string;
  /** In the currency's minor unit (cents). */
  unitAmount: number;
  /** A swatch for the product picture. */
  color: string;
}

export const CURRENCY = 'eur';

export const CATALOGUE: readonly Product[] = [
  { id: 'mug', name: 'Stoneware mug', description: 'Hand-glazed, 330 ml', unitAmount: 1800, color: '#c4a484' },
  { id: 'beans', name: 'Single-origin beans', description: 'Ethiopia Guji, 250 g', unitAmount: 1450, color: '#6f4e37' },
  { id: 'dripper', name: 'Ceramic dripper', description: 'Size 02, with 40 filters', unitAmount: 2900, color: '#e6e2da' },
];

export const MAX_QUANTITY = 9;

export interface CartLine {
  id: string;
  quantity: number;
}

export function findProduct(id: string): Product | undefined {
  return CATALOGUE.find((product) => product.id === id);
}

/** Keeps known products with a whole quantity in 1…MAX_QUANTITY; anything else is dropped. */
export function sanitizeCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const item of value) {
    const { id, quantity } = (item ?? {}) as Partial<CartLine>;
    if (typeof id !== 'string' || !findProduct(id) || lines.some((line) => line.id === id)) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) continue;
    lines.push({ id, quantity });
  }
  return lines;
}

export function cartTotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + (findProduct(line.id)?.unitAmount ?? 0) * line.quantity, 0);
}

export function formatAmount(minor: number, currency = CURRENCY): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}
