// A host's page, compiled against the packed @checkout/remote-types and @checkout/host-kit, as a
// bundler project (.ts) and an ES module (.mts): the remote's button and element typed from npm.
import type { CheckoutButtonProps, CheckoutErrorCode, HTMLCheckoutButtonElement } from '@checkout/remote-types';
import { CHECKOUT_POLICY, startCheckout } from '@checkout/host-kit';

// The element's tag is in HTMLElementTagNameMap, its events are typed on it.
const element: HTMLCheckoutButtonElement | null = document.querySelector('checkout-button');
element?.addEventListener('checkout-error', (event) => {
  const code: CheckoutErrorCode = event.detail.code;
  console.warn(code);
});
element?.addEventListener('checkout-redirect', (event) => event.detail.url.startsWith('https:') || event.preventDefault());
if (element) element.sessionBody = { productId: 'coffee-beans-1kg' };

// loadCheckout's module is the remote's button, typed by default.
const load = startCheckout({ ...CHECKOUT_POLICY, manifestUrl: 'https://cdn.example.com/checkout/mf-manifest.json', verify: 'off' });
export const props: Promise<CheckoutButtonProps> = load().then(({ CheckoutButton }) => {
  const given: Parameters<typeof CheckoutButton>[0] = { publishableKey: 'pk_test_x', mode: 'embedded' };
  return given;
});

// @ts-expect-error "popup" is not a mode of the button
export const wrong: CheckoutButtonProps = { publishableKey: 'pk_test_x', mode: 'popup' };
