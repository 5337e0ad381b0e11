// What the button sends for a Checkout Session: `{ productId, quantity?, mode }` or a cart,
// `{ lines: [{ productId, quantity? }, …], mode }`, as JSON, and a fresh Idempotency-Key header per
// click (per wallet session, in wallets mode). Never an amount: the price comes from the catalog.
import type { Catalog } from './catalog';
import { checkCart, type AskedLine, type Cart } from './cart';

/**
 * The kind of session the button asks for: Stripe's hosted page (`redirect`, also the card button of
 * wallets mode), Checkout embedded in the page, or the Express Checkout Element's wallets.
 */
export type ButtonMode = 'redirect' | 'embedded' | 'wallets';
const MODES: ButtonMode[] = ['redirect', 'embedded', 'wallets'];

export interface SessionRequest {
  /** Every line within its product's range, the cart within Stripe's limits (cart.ts). */
  cart: Cart;
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
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const asked = askedLines(fields);
  if (typeof asked === 'string') return refuse(asked);
  if (!MODES.includes(fields.mode as ButtonMode)) return refuse(`mode must be "redirect", "embedded" or "wallets".`);
  const checked = checkCart(asked, catalog);
  if (!checked.ok) return refuse(checked.message);
  return { ok: true, value: { cart: checked.cart, mode: fields.mode as ButtonMode, idempotencyKey } };
}

/** `lines`, or the one line of `productId` and `quantity`; a sentence when the body has neither (or both). */
function askedLines({ lines, productId, quantity }: Record<string, unknown>): AskedLine[] | string {
  if (lines === undefined)
    return typeof productId === 'string' ? [{ productId, quantity }] : 'The body needs a productId (a string) or lines.';
  if (productId !== undefined) return 'Send either productId or lines, not both.';
  if (!Array.isArray(lines) || !lines.every((line) => typeof line === 'object' && line !== null && !Array.isArray(line)))
    return 'lines must be an array of { productId, quantity }.';
  return lines as AskedLine[];
}

/** What a key was first used for, the same on every attempt: a one-line cart as before carts, so keys stay comparable. */
export function requestIdentity({ lines }: Cart, mode: ButtonMode): string {
  if (lines.length === 1) return JSON.stringify([lines[0].product.id, mode, lines[0].quantity]);
  return JSON.stringify([lines.map((line) => [line.product.id, line.quantity]), mode]);
}
