// The page's own code: the element's file run once the page has loaded (the host kit's loader,
// served from its dist/ at /vendor/host-kit/), and the object prop the attributes cannot carry.
import { loadCheckoutElement } from '/vendor/host-kit/element.js';

const remote = document.getElementById('checkout-element');
loadCheckoutElement({ src: remote.href, integrity: remote.integrity || 'off' }).catch((error) => {
  console.warn(`checkout: ${error.message}`); // the form stays: it pays without the remote
});
document.querySelector('checkout-button').sessionBody = { productId: 'coffee-beans-1kg' };
