// A React host (bundler resolution): <CheckoutSlot> and <checkout-button> typed by the remote's types.
import { CHECKOUT_POLICY, startCheckout } from '@checkout/host-kit';
import { CheckoutSlot } from '@checkout/host-kit/react';
import type {} from '@checkout/remote-types';

const load = startCheckout({ ...CHECKOUT_POLICY, manifestUrl: 'https://cdn.example.com/checkout/mf-manifest.json', verify: 'off' });

export const slot = <CheckoutSlot load={load} publishableKey="pk_test_x" sessionEndpoint="/api/checkout-sessions" mode="redirect" />;
// @ts-expect-error "popup" is not a mode of the button
export const wrongMode = <CheckoutSlot load={load} publishableKey="pk_test_x" mode="popup" />;

export const element = (
  <checkout-button publishable-key="pk_test_x" session-endpoint="/api/checkout-sessions" sessionBody={{ productId: 'x' }} />
);
// @ts-expect-error sessionBody is an object
export const wrongBody = <checkout-button publishable-key="pk_test_x" sessionBody={42} />;
