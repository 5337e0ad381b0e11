// The remote's own standalone page (dev server only), for working on the button without a host.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CheckoutButton } from './ui/CheckoutButton';

const params = new URLSearchParams(location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CheckoutButton
      publishableKey={params.get('pk') ?? 'pk_test_standalone'}
      sessionEndpoint={params.get('endpoint') ?? '/api/checkout-sessions'}
      onStateChange={(state, error) => console.info('[checkout] state', state, error?.code ?? '')}
    >
      Pay 12.00 €
    </CheckoutButton>
  </StrictMode>,
);
