// The page: an order and its checkout slot. The page renders at once; the slot waits for the remote.
import type { ReactNode } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader } from './checkoutRemote';
import { CheckoutSlot } from '@checkout/host-kit/react';
import { OrderStatus, type Order } from './OrderStatus';
import type { Offer } from './offers';

export interface OrderPageProps {
  load: CheckoutLoader;
  checkout: CheckoutButtonProps;
  onRemoteError?: (error: Error) => void;
  /** The order whose payment to report, read from the server (see OrderStatus.tsx). */
  order: Order | null;
  /** What is for sale (offers.ts). */
  offer: Offer;
  /** Below the order. */
  children?: ReactNode;
}

export function OrderPage({ load, checkout, onRemoteError, order, offer, children }: OrderPageProps) {
  return (
    <main>
      <h1>Your order</h1>
      {order && <OrderStatus {...order} />}
      {offer.items.map(([name, price]) => (
        <p className="order" key={name}>
          {name} <strong>{price}</strong>
        </p>
      ))}
      <CheckoutSlot load={load} onRemoteError={onRemoteError} {...checkout} {...offer.checkout}>
        {offer.label}
      </CheckoutSlot>
      {children}
    </main>
  );
}
