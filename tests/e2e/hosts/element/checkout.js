// The page's own code for its <checkout-button>: the element's file run once the page has loaded (the
// host kit: @checkout/host-kit/element, served here from vendor/host-kit/); objects go in as
// properties (set them before or after the element is defined), callbacks come out as DOM events.
import { addFormKeys, loadCheckoutElement } from './vendor/host-kit/element.js';

addFormKeys(); // the fallback form's formKey, made at its first submit: this file is the page's, so it runs when the remote is down

const remote = document.getElementById('checkout-element');
loadCheckoutElement({ src: remote.href, integrity: remote.integrity || 'off' }).catch((error) => {
  console.warn(`checkout: ${error.message}`); // the form stays: it pays without the remote
});
const checkout = document.querySelector('checkout-button');
checkout.sessionBody = { productId: 'coffee-beans-1kg' }; // the server prices it
checkout.addEventListener('checkout-state', (event) => {
  document.getElementById('checkout-status').textContent = `Checkout ${event.detail.state}`;
});
checkout.addEventListener('checkout-error', (event) => {
  console.warn(`checkout: ${event.detail.code}: ${event.detail.message}`); // for the developer
});
