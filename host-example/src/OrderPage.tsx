// The page: an order and its checkout slot. The page renders at once; the slot waits for the remote.
import type { ReactNode } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader } from './checkoutRemote';
import { CheckoutSlot } from '@checkout/host-kit/react';
import { OrderStatus, type Order } from './OrderStatus';

export interface OrderPageProps {
  load: CheckoutLoader;
  checkout: CheckoutButtonProps;
  onRemoteError?: (error: Error) => void;
  /** The order whose payment to report, read from the server (see OrderStatus.tsx). */
  order: Order | null;
  /** Below the order. */
  children?: ReactNode;
}

export function OrderPage({ load, checkout, onRemoteError, order, children }: OrderPageProps) {
  return (
    <main>
      <h1>Your order</h1>
      {order && <OrderStatus {...order} />}
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
