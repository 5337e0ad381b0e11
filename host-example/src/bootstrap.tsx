import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader } from './checkoutRemote';
import { OrderPage } from './OrderPage';

/** The button's settings: the publishable key is public; the session endpoint is your server's. */
const checkout: CheckoutButtonProps = {
  publishableKey: __STRIPE_PUBLISHABLE_KEY__, // defined in webpack.config.ts
  sessionEndpoint: '/api/checkout-sessions',
};

export function start(load: CheckoutLoader): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <OrderPage load={load} checkout={checkout} />
    </StrictMode>,
  );
}
