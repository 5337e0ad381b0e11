import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader } from './checkoutRemote';
import { OrderPage } from './OrderPage';
import { useOrderToShow } from './OrderStatus';
import { offerOf } from './offers';

/** The button's settings: the publishable key is public; the session endpoint is your server's. */
const checkout: CheckoutButtonProps = {
  publishableKey: __STRIPE_PUBLISHABLE_KEY__, // defined in webpack.config.ts
  mode: __CHECKOUT_MODE__, // 'redirect' or 'embedded', defined in webpack.config.ts; the button sends it as `mode`
  sessionEndpoint: '/api/checkout-sessions',
  sessionBody: { productId: 'coffee-beans-1kg' }, // the server prices it (server/sessions/catalog.ts)
};

function Shop({ load }: { load: CheckoutLoader }) {
  // Back from Stripe (?session_id=), or an embedded payment just completed: the server says how it went.
  const { order, completed } = useOrderToShow();
  return <OrderPage load={load} order={order} offer={offerOf(location.search)} checkout={{ ...checkout, onComplete: completed }} />;
}

export function start(load: CheckoutLoader): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Shop load={load} />
    </StrictMode>,
  );
}
