// The remote's own standalone page (dev server only), for working on the button without a host.
// It has no host to take React from, so it renders through `./mount`, which brings its own.
import { mount } from '../exposes/mount';

const params = new URLSearchParams(location.search);

mount(document.getElementById('root')!, {
  publishableKey: params.get('pk') ?? 'pk_test_standalone',
  sessionEndpoint: params.get('endpoint') ?? '/api/checkout-sessions',
  onStateChange: (state, error) => console.info('[checkout] state', state, error?.code ?? ''),
  children: 'Pay 12.00 €',
});
