// The page pays without the remote: a plain form to your session endpoint, which answers `303` to
// Stripe's hosted page (docs/server/form.md). It stands where the button will be, with the button's box
// and label (`@checkout/host-kit/checkoutFallback.css`), so nothing moves when the button takes its place.
// Each render carries its own `formKey` (the server's in its HTML, the browser's once hydrated: React
// checks no input's value), so two people behind one address are two Checkout Sessions.
import { useState, type ReactNode } from 'react';
import { FORM_KEY_FIELD, newFormKey } from '../formKeys.js';

export interface PayFormProps {
  sessionEndpoint?: string;
  /** Its flat fields (strings, numbers) go as hidden inputs; `mode` stays out (a form gets the hosted page). */
  sessionBody?: object;
  /** A cart: each line as `lines[i][productId]` and `lines[i][quantity]`, what the server's form route reads. */
  lines?: readonly CartLine[];
  children?: ReactNode;
}

/** One line of a cart (the button's `lines`). */
export interface CartLine {
  productId: string;
  quantity?: number;
}

export function PayForm({ sessionEndpoint, sessionBody = {}, lines = [], children }: PayFormProps) {
  const [formKey] = useState(newFormKey);
  const fields = Object.entries(sessionBody).filter(
    ([name, value]) => name !== 'mode' && name !== FORM_KEY_FIELD && (typeof value === 'string' || typeof value === 'number'),
  );
  return (
    <form className="checkout-fallback" method="post" action={sessionEndpoint}>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      {lines.flatMap(({ productId, quantity }, i) => [
        <input key={`${i}p`} type="hidden" name={`lines[${i}][productId]`} value={productId} />,
        quantity === undefined ? null : <input key={`${i}q`} type="hidden" name={`lines[${i}][quantity]`} value={String(quantity)} />,
      ])}
      <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
      <button type="submit">{children}</button>
    </form>
  );
}
