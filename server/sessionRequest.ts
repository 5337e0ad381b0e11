// What the button sends for a Checkout Session: `{ productId, mode }` as JSON, and a fresh
// Idempotency-Key header per click. Never an amount: the price comes from the catalog.
import type { IncomingHttpHeaders } from 'node:http';
import type { Catalog, Product } from './catalog';

/** The button's modes: leave for Stripe's hosted page, or embed Checkout in the page. */
export type ButtonMode = 'redirect' | 'embedded';
const MODES: ButtonMode[] = ['redirect', 'embedded'];

export interface SessionRequest {
  product: Product;
  mode: ButtonMode;
  idempotencyKey: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; status: 400 | 415; message: string };

const refuse = (message: string, status: 400 | 415 = 400): Parsed<never> => ({ ok: false, status, message });

/** Stripe takes keys of up to 255 characters; the button sends a UUID. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,255}$/;

export function parseSessionRequest(body: Buffer, headers: IncomingHttpHeaders, catalog: Catalog): Parsed<SessionRequest> {
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) return refuse('Send the session request as JSON (Content-Type: application/json).', 415);
  const idempotencyKey = headers['idempotency-key']?.toString() ?? '';
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) return refuse('The Idempotency-Key header is missing or malformed (8 to 255 visible characters).');
  let input: unknown;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse('The body is not JSON.');
  }
  const { productId, mode } = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (typeof productId !== 'string') return refuse('The body needs a productId (a string).');
  const product = catalog(productId);
  if (!product) return refuse(`No product "${productId.slice(0, 64)}" in the catalog.`);
  if (!MODES.includes(mode as ButtonMode)) return refuse(`mode must be "redirect" or "embedded".`);
  return { ok: true, value: { product, mode: mode as ButtonMode, idempotencyKey } };
}
