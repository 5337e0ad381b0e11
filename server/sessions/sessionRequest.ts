// What the button sends for a Checkout Session: `{ productId, quantity?, mode }` as JSON, and a fresh
// Idempotency-Key header per click (per wallet session, in wallets mode). Never an amount: the price
// comes from the catalog.
import { quantityOf, type Catalog, type Product } from './catalog';

/**
 * The kind of session the button asks for: Stripe's hosted page (`redirect`, also the card button of
 * wallets mode), Checkout embedded in the page, or the Express Checkout Element's wallets.
 */
export type ButtonMode = 'redirect' | 'embedded' | 'wallets';
const MODES: ButtonMode[] = ['redirect', 'embedded', 'wallets'];

export interface SessionRequest {
  product: Product;
  /** Within the product's range (catalog.ts). */
  quantity: number;
  mode: ButtonMode;
  idempotencyKey: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; status: 400 | 415; message: string };

const refuse = (message: string, status: 400 | 415 = 400): Parsed<never> => ({ ok: false, status, message });

/** Stripe takes keys of up to 255 characters; the button sends a UUID. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;

export function parseSessionRequest(body: Uint8Array, headers: Headers, catalog: Catalog): Parsed<SessionRequest> {
  const type = headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) return refuse('Send the session request as JSON (Content-Type: application/json).', 415);
  const idempotencyKey = headers.get('idempotency-key') ?? '';
  if (!IDEMPOTENCY_KEY.test(idempotencyKey))
    return refuse('The Idempotency-Key header is missing or malformed (8 to 255 visible characters).');
  let input: unknown;
  try {
    input = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return refuse('The body is not JSON.');
  }
  const { productId, mode, quantity: asked } = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (typeof productId !== 'string') return refuse('The body needs a productId (a string).');
  const product = catalog(productId);
  if (!product) return refuse(`No product "${productId.slice(0, 64)}" in the catalog.`);
  if (!MODES.includes(mode as ButtonMode)) return refuse(`mode must be "redirect", "embedded" or "wallets".`);
  const quantity = quantityOf(product, asked);
  if (!quantity.ok) return refuse(quantity.message);
  return { ok: true, value: { product, quantity: quantity.quantity, mode: mode as ButtonMode, idempotencyKey } };
}
