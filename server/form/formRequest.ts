// What a plain HTML form sends for a Checkout Session: `productId`, and optionally `quantity`, `mode` and a
// `formKey` (a fresh value per page render, when the page can put one in: see formSubmissions.ts).
// Never an amount: the price comes from the catalog. Whatever mode it names, a form leads to
// Stripe's hosted page: embedding a session or showing wallets takes our JavaScript, which a form is
// there to do without, and refusing would leave the person unable to pay for the host's choice.
import { quantityOf, type Catalog, type Product } from '../sessions/catalog';
import type { RefusalReason } from './refusalTexts';

/** A form's two encodings that carry fields by name; `text/plain`, its third, is ambiguous and refused. */
const FORM_ENCODED = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const TEXT_PLAIN = /^\s*text\/plain\b/i;

/**
 * Sent by a person's browser as a page (a form's post, a navigation), so answered in HTML. The
 * button's fetch sends JSON with `Sec-Fetch-Mode: cors` and gets JSON.
 */
export function isFormRequest(request: Request): boolean {
  const { headers } = request;
  const type = headers.get('content-type') ?? '';
  if (FORM_ENCODED.test(type) || TEXT_PLAIN.test(type)) return true;
  if (headers.get('sec-fetch-mode') === 'navigate' || headers.get('sec-fetch-dest') === 'document') return true;
  return request.method !== 'POST' && /\btext\/html\b/i.test(headers.get('accept') ?? '');
}

const FORM_MODES = ['redirect', 'embedded', 'wallets'];
/** Like an Idempotency-Key: visible ASCII, long enough to be unguessable. */
const FORM_KEY = /^[\x21-\x7e]{8,128}$/;

export interface FormSubmission {
  product: Product;
  /** Within the product's range. */
  quantity: number;
  /** The page's own key for this form, or '' when it has none. */
  formKey: string;
}

export type FormParsed = { ok: true; value: FormSubmission } | { ok: false; status: 400 | 415; reason: RefusalReason; message: string };

const refuse = (message: string, reason: RefusalReason = 'form', status: 400 | 415 = 400): FormParsed => ({
  ok: false,
  status,
  reason,
  message,
});

async function readFields(body: Uint8Array, type: string): Promise<FormData | URLSearchParams | null> {
  if (/^\s*application\/x-www-form-urlencoded\b/i.test(type)) return new URLSearchParams(new TextDecoder().decode(body));
  // The platform's own multipart parser (undici's), the one `fetch` uses.
  return new Response(body.slice(), { headers: { 'Content-Type': type } }).formData().catch(() => null);
}

export async function parseFormSubmission(body: Uint8Array, type: string, catalog: Catalog): Promise<FormParsed> {
  if (!FORM_ENCODED.test(type))
    return refuse(`A form must be sent urlencoded or multipart, not ${type.split(';')[0].slice(0, 64)}.`, 'form', 415);
  const fields = await readFields(body, type);
  if (!fields) return refuse('The multipart body could not be read.');
  const productId = fields.get('productId');
  const mode = fields.get('mode') ?? 'redirect';
  const formKey = fields.get('formKey') ?? '';
  if (typeof productId !== 'string' || productId === '') return refuse('The form needs a productId field.');
  if (typeof mode !== 'string' || !FORM_MODES.includes(mode)) return refuse('mode must be "redirect", "embedded" or "wallets".');
  if (typeof formKey !== 'string' || (formKey !== '' && !FORM_KEY.test(formKey)))
    return refuse('formKey must be 8 to 128 visible characters.');
  const product = catalog(productId);
  if (!product) return refuse(`No product "${productId.slice(0, 64)}" in the catalog.`, 'product');
  const quantity = quantityOf(product, fields.get('quantity') ?? undefined);
  if (!quantity.ok) return refuse(quantity.message, 'quantity');
  return { ok: true, value: { product, quantity: quantity.quantity, formKey } };
}
