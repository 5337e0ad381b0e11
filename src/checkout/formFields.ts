// What a plain HTML form can post of the host's `sessionBody`: its flat fields (strings, finite
// numbers), as hidden inputs. Pure. The form asks the server for Stripe's hosted page, the one kind of
// session a page without JavaScript can use, so the body's own `mode` is left out (the server's
// default, `redirect`, applies). The form's own `formKey` is ours (below), never the body's.
import type { CartLine } from '../core/types';

export type FormField = readonly [name: string, value: string];

export function formFields(sessionBody: object | undefined, lines?: readonly CartLine[]): FormField[] {
  const fields: FormField[] = lines ? lineFields(lines) : [];
  if (!sessionBody || Object.getPrototypeOf(sessionBody) !== Object.prototype) return fields;
  for (const [name, value] of Object.entries(sessionBody)) {
    if (name === 'mode' || name === FORM_KEY_FIELD) continue;
    if (typeof value === 'string') fields.push([name, value]);
    else if (typeof value === 'number' && Number.isFinite(value)) fields.push([name, String(value)]);
  }
  return fields;
}

/** A cart as a form posts it: `lines[i][productId]` and `lines[i][quantity]` (server/form/formRequest.ts). */
export function lineFields(lines: readonly CartLine[]): FormField[] {
  return lines.flatMap(({ productId, quantity }, i): FormField[] => [
    [`lines[${i}][productId]`, productId],
    ...(quantity === undefined ? [] : [[`lines[${i}][quantity]`, String(quantity)] as const]),
  ]);
}

/** The field the server's form route reads (server/form/formRequest.ts). */
export const FORM_KEY_FIELD = 'formKey';

/**
 * A fresh key per render of a form, so two people behind one address with one browser build are
 * never handed one Checkout Session (the server's fingerprint includes it): 128 random bits as hex.
 * `getRandomValues`, not `randomUUID`: the latter exists only on https pages, and a form must render
 * on any page. '' where no Web Crypto exists (the server's fingerprint then stands alone).
 */
export function newFormKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.getRandomValues !== 'function') return '';
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
