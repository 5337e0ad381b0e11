// The page pays without the remote: a plain form to your session endpoint, which answers `303` to
// Stripe's hosted page (docs/server.md). It stands where the button will be, with the button's box
// and label (`@checkout/host-kit/checkoutFallback.css`), so nothing moves when the button takes its place.
import type { ReactNode } from 'react';

export interface PayFormProps {
  sessionEndpoint?: string;
  /** Its flat fields (strings, numbers) go as hidden inputs; `mode` stays out (a form gets the hosted page). */
  sessionBody?: object;
  children?: ReactNode;
}

export function PayForm({ sessionEndpoint, sessionBody = {}, children }: PayFormProps) {
  const fields = Object.entries(sessionBody).filter(([name, value]) => name !== 'mode' && (typeof value === 'string' || typeof value === 'number'));
  return (
    <form className="checkout-fallback" method="post" action={sessionEndpoint}>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <button type="submit">{children}</button>
    </form>
  );
}
