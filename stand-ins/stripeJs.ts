// The one stand-in for Stripe.js, answered for https://js.stripe.com/* by the demo's service worker,
// the browser tests' routes and the bench (stand-ins/ holds what answers for Stripe here). It is NOT Stripe: it defines `window.Stripe` with what the
// remote uses, counts what ran (for the tests), and its embedded Checkout is one Pay button that
// reports Stripe.js's analytics events (names and shape as @stripe/stripe-js's types declare them).
// Paying here completes nothing at Stripe's API: a test (or the demo server) plays that part.

/** Script text: defines `window.Stripe`. */
export const STRIPE_STAND_IN = `/* A stand-in for Stripe.js (offline demo and tests). Not Stripe. */
window.__stripeExecutions = (window.__stripeExecutions || 0) + 1;
window.Stripe = function Stripe(key) {
  if (typeof key !== 'string') throw new Error('Stand-in Stripe.js: a publishable key is required.');
  window.__stripeInstances = (window.__stripeInstances || 0) + 1;
  return {
    _registerWrapper: function () {},
    createEmbeddedCheckoutPage: async function (options) {
      var probe = (window.__embedded = window.__embedded || { created: 0, mounted: 0, destroyed: 0 });
      probe.created++;
      var secret = await options.fetchClientSecret();
      var pay = null;
      var analytics = function (eventType, details) {
        options.onAnalyticsEvent && options.onAnalyticsEvent({
          eventType: eventType,
          details: details,
          checkoutSession: String(secret).split('_secret_')[0],
          clientMetadata: {},
          timestamp: Math.floor(Date.now() / 1000),
        });
      };
      return {
        mount: function (el) {
          probe.mounted++;
          pay = document.createElement('button');
          pay.type = 'button';
          pay.textContent = 'Pay (stand-in)';
          pay.style.cssText = 'margin:2rem;padding:.75rem 1.5rem;font:inherit';
          pay.addEventListener('click', function () {
            analytics('checkoutSubmitted', { paymentMethodType: 'card' });
            options.onComplete && options.onComplete();
          });
          el.appendChild(pay);
          analytics('checkoutRendered', {});
        },
        unmount: function () { pay && pay.remove(); },
        destroy: function () { probe.destroyed++; pay && pay.remove(); },
      };
    },
  };
};
window.Stripe.version = 'endive';
`;

/** Script text that runs but defines no `window.Stripe` (what a proxy or an extension might answer). */
export const NO_STRIPE_GLOBAL = 'window.__stripeExecutions = (window.__stripeExecutions || 0) + 1;';
