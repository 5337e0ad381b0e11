// What the button POSTs to `sessionEndpoint`: the host's `sessionBody` with the button's `mode` added,
// so the server knows which kind of session to create without the host repeating it. Only a click
// needs it, so it lives apart from the render-time check (sessionBody.ts). Pure.
import type { CheckoutError, SessionMode, SessionRequestBody } from '../core/types';
import { sessionBodyError } from './sessionBody';

/** The endpoint's body: `{ ...sessionBody, mode }`, or the refusal of `sessionBody`. */
export function sessionRequestBody(sessionBody: unknown, mode: SessionMode): { body: SessionRequestBody } | { error: CheckoutError } {
  const error = sessionBodyError(sessionBody);
  if (error) return { error };
  // Through JSON first, so the spread sees what the endpoint will (a nested toJSON applied, undefined dropped).
  const fields = sessionBody === undefined ? {} : (JSON.parse(JSON.stringify(sessionBody)) as Record<string, unknown>);
  return { body: { ...fields, mode } };
}
