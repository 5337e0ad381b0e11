// What a plain HTML form sends for a Checkout Session: `productId` (and optionally `quantity`), or a cart
// as indexed fields, `lines[0][productId]`, `lines[0][quantity]`, `lines[1][productId]`… (what a page
// without JavaScript can post: one pair of inputs per line); optionally `mode` and a `formKey` (a fresh
// value per page render, when the page can put one in: see formSubmissions.ts).
// Never an amount: the price comes from the catalog. Whatever mode it names, a form leads to
// Stripe's hosted page: embedding a session or showing wallets takes our JavaScript, which a form is
// there to do without, and refusing would leave the person unable to pay for the host's choice.
import type { Catalog } from '../sessions/catalog';
import { checkCart, MAX_PAYMENT_LINES, type AskedLine, type Cart } from '../sessions/cart';
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
  /** Every line within its product's range, the cart within Stripe's limits (cart.ts). */
  cart: Cart;
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
  const lines = formLines(fields);
  if (typeof lines === 'string') return refuse(lines);
  const mode = fields.get('mode') ?? 'redirect';
  const formKey = fields.get('formKey') ?? '';
  if (typeof mode !== 'string' || !FORM_MODES.includes(mode)) return refuse('mode must be "redirect", "embedded" or "wallets".');
  if (typeof formKey !== 'string' || (formKey !== '' && !FORM_KEY.test(formKey)))
    return refuse('formKey must be 8 to 128 visible characters.');
  const checked = checkCart(lines, catalog);
  if (!checked.ok) return refuse(checked.message, checked.reason);
  return { ok: true, value: { cart: checked.cart, formKey } };
}

const LINE_FIELD = /^lines\[(\d{1,3})\]\[(productId|quantity)\]$/;

/** The form's lines, in the order of their indexes; a sentence when they cannot be read. */
function formLines(fields: FormData | URLSearchParams): AskedLine[] | string {
  const byIndex = new Map<number, { productId?: unknown; quantity?: unknown }>();
  for (const [name, value] of fields.entries()) {
    const match = LINE_FIELD.exec(name);
    if (!match) continue;
    const line = byIndex.get(Number(match[1])) ?? {};
    if (line[match[2] as 'productId' | 'quantity'] !== undefined) return `The form sends ${name} twice.`;
    line[match[2] as 'productId' | 'quantity'] = value;
    byIndex.set(Number(match[1]), line);
    if (byIndex.size > MAX_PAYMENT_LINES) return `A cart holds at most ${MAX_PAYMENT_LINES} lines.`;
  }
  const productId = fields.get('productId');
  if (byIndex.size === 0) {
    if (typeof productId !== 'string' || productId === '') return 'The form needs a productId field (or lines[0][productId]…).';
    return [{ productId, quantity: fields.get('quantity') ?? undefined }];
  }
  if (productId !== null) return 'The form sends productId and lines: send one of them.';
  const lines = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
  // An empty product field is a row the page left blank: `lines[3][productId]` with no choice made.
  if (lines.some((line) => line.productId === undefined)) return 'Each lines[i][quantity] needs its lines[i][productId].';
  return lines.filter((line) => line.productId !== '') as AskedLine[];
}
