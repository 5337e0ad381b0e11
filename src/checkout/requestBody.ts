// What the button POSTs to `sessionEndpoint`: the host's `sessionBody` with the cart's `lines` (when the
// host gives a cart) and the button's `mode` added,
// so the server knows which kind of session to create without the host repeating it. Only a click
// needs it, so it lives apart from the render-time check (sessionBody.ts). Pure.
import type { CartLine, CheckoutError, SessionMode, SessionRequestBody } from '../core/types';
import { sessionBodyError } from './sessionBody';

/** The endpoint's body: `{ ...sessionBody, mode }`, or the refusal of `sessionBody`. */
export function sessionRequestBody(sessionBody: unknown, mode: SessionMode): { body: SessionRequestBody } | { error: CheckoutError } {
  const error = sessionBodyError(sessionBody);
  if (error) return { error };
  // Through JSON first, so the spread sees what the endpoint will (a nested toJSON applied, undefined dropped).
  const fields = sessionBody === undefined ? {} : (JSON.parse(JSON.stringify(sessionBody)) as Record<string, unknown>);
  return { body: { ...fields, mode } };
}

/**
 * The host's body with its cart: `{ ...sessionBody, lines }`. A body that is no plain object is left
 * as it is, so its refusal (sessionBody.ts) still says why.
 */
export function bodyWithLines(sessionBody: object | undefined, lines: readonly CartLine[] | undefined): object | undefined {
  if (!lines) return sessionBody;
  if (sessionBody !== undefined && Object.getPrototypeOf(sessionBody) !== Object.prototype) return sessionBody;
  return { ...sessionBody, lines: lines.map(({ productId, quantity }) => ({ productId, quantity })) };
}
