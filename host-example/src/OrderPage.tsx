// The page: an order and its checkout slot. The page renders at once; the slot waits for the remote.
import type { ReactNode } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader } from './checkoutRemote';
import { CheckoutSlot } from './CheckoutSlot';

export interface OrderPageProps {
  load: CheckoutLoader;
  checkout: CheckoutButtonProps;
  onRemoteError?: (error: Error) => void;
  /** Above the order: what the page has to say (a payment's outcome). */
  notice?: ReactNode;
  /** Below the order. */
  children?: ReactNode;
}

export function OrderPage({ load, checkout, onRemoteError, notice, children }: OrderPageProps) {
  return (
    <main>
      <h1>Your order</h1>
      {notice}
      <p className="order">
        Coffee beans, 1 kg <strong>12.00 €</strong>
      </p>
      <CheckoutSlot load={load} onRemoteError={onRemoteError} {...checkout}>
        Pay 12.00 €
      </CheckoutSlot>
      {children}
    </main>
  );
}
