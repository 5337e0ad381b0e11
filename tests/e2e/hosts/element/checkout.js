// The page's own code for its <checkout-button>: objects go in as properties (set them before or
// after the element is defined), callbacks come out as DOM events.
const checkout = document.querySelector('checkout-button');
checkout.sessionBody = { productId: 'coffee-beans-1kg' }; // the server prices it
checkout.addEventListener('checkout-state', (event) => {
  document.getElementById('checkout-status').textContent = `Checkout ${event.detail.state}`;
});
checkout.addEventListener('checkout-error', (event) => {
  console.warn(`checkout: ${event.detail.code}: ${event.detail.message}`); // for the developer
});
