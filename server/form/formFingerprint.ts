// Who submitted which form, as one opaque value: a plain form has no script to make a key per click,
// so the server derives one. Two submits of one form by one person (a double click, back and submit
// again) give the same fingerprint; two people, two products or two page renders give different ones.
import { createHash } from 'node:crypto';
import { clientKey } from '../limits/clientKey';

export interface FingerprintParts {
  /** The context's client address (the adapter resolved it behind trusted proxies). */
  clientAddress: string;
  userAgent: string;
  productId: string;
  quantity: number;
  /** The page's own key for the form ('' when it has none): one render, one fingerprint. */
  formKey: string;
}

/**
 * A hash, so the database never holds an address or a User-Agent. The address and User-Agent are
 * always part of it, even with a formKey: a page cached by a CDN would hand everyone the same key.
 */
export function formFingerprint({ clientAddress, userAgent, productId, quantity, formKey }: FingerprintParts): string {
  // One unit keeps the fingerprint of before quantities existed: a window open across a deploy stays one session.
  const parts = [clientKey(clientAddress || 'unknown'), userAgent, quantity === 1 ? productId : `${productId}*${quantity}`, formKey];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
