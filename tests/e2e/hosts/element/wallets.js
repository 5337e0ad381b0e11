// wallets.html's own code: the element's file run with the host kit, and what only properties and
// events carry.
import { loadCheckoutElement } from './vendor/host-kit/element.js';

const remote = document.getElementById('checkout-element');
loadCheckoutElement({ src: remote.href, integrity: remote.integrity || 'off' }).catch((error) => {
  console.warn(`checkout: ${error.message}`); // the form stays: it pays without the remote
});
const checkout = document.querySelector('checkout-button');
// The product: the server prices it, and makes an `elements` session for the wallets.
checkout.sessionBody = { productId: 'coffee-beans-1kg' };
checkout.addEventListener('checkout-complete', () => location.assign('/order/paid'));
