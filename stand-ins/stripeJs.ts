// The one stand-in for Stripe.js, answered for https://js.stripe.com/* by the demo's service worker,
// the browser tests' routes and the bench (stand-ins/ holds what answers for Stripe here). It is NOT Stripe: it defines `window.Stripe` with what the
// remote uses, counts what ran (for the tests), and its embedded Checkout is one Pay button that
// reports Stripe.js's analytics events (names and shape as @stripe/stripe-js's types declare them).
// Its Checkout Elements SDK (`initCheckoutElementsSdk`, as stripe.d.ts and checkout.d.ts of 10.2.1
// declare it) has an Express Checkout Element with one button per wallet of the "device", and
// `loadActions().confirm`; what the device offers and how a payment ends are switches (WalletSwitches,
// on `window.__stripeWallets`, read at each step so a test can change them between clicks).
// A wallet's successful confirm is taken by Stripe's API (https://api.stripe.com, which the tests and
// the demo answer with the API stand-in: the session completes there), then, as Stripe.js does by
// default (`redirect: 'always'`), the page leaves for the session's return_url; `'if_required'` stays.
// Embedded Checkout's Pay completes nothing at Stripe's API: a test (or the demo server) plays that part.

/** Wallet names as the Express Checkout Element's `expressPaymentType` has them. */
export const STAND_IN_WALLETS = ['apple_pay', 'google_pay', 'link'] as const;
export type StandInWallet = (typeof STAND_IN_WALLETS)[number];

/** The stand-in's switches for the Express Checkout Element (`window.__stripeWallets`). */
export interface WalletSwitches {
  /** The wallets this device can pay with; none: `ready` reports `availablePaymentMethods: undefined`. Default Google Pay and Link. */
  wallets?: StandInWallet[];
  /** How a wallet button's payment ends: `confirm` then success or a decline (`paymentFailed`), a failure without a code, or the sheet closed (`cancel`). Default success. */
  result?: 'success' | 'decline' | 'error' | 'cancel';
  /** The element reports `loaderror` instead of `ready`. */
  loadError?: boolean;
  /** Before `ready` (or `loaderror`), ms. Default 30. */
  readyMs?: number;
}

/** Probe counts the tests read (`window.__expressCheckout`). */
export interface ExpressCheckoutProbe {
  sdks: number;
  created: number;
  mounted: number;
  destroyed: number;
  confirms: number;
  paymentFailed: number;
  /** The client secrets given to initCheckoutElementsSdk, in order. */
  secrets: string[];
  /** Where a successful confirm sent the page (its session's return_url), as Stripe.js's default `redirect: 'always'` does. */
  redirects: string[];
}

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
    initCheckoutElementsSdk: function (options) {
      var probe = expressProbe();
      probe.sdks++;
      var secret = Promise.resolve(options && options.clientSecret);
      secret.then(function (s) { probe.secrets.push(String(s)); }, function () {});
      var element = null;
      return {
        on: function () {},
        loadActions: async function () {
          var s = await secret;
          if (!/_secret_/.test(String(s))) return { type: 'error', error: { message: 'Invalid client secret.', code: null } };
          return { type: 'success', actions: {
            getSession: function () { return standInSession(s, 'open'); },
            confirm: async function (args) {
              probe.confirms++;
              if (!args || !args.expressCheckoutConfirmEvent) throw new Error('Stand-in Stripe.js: confirm needs the expressCheckoutConfirmEvent here.');
              var redirect = args.redirect === undefined ? 'always' : args.redirect;
              if (redirect !== 'always' && redirect !== 'if_required') throw new Error('Stand-in Stripe.js: redirect must be "always" or "if_required" (StripeCheckoutRedirectBehavior).');
              await new Promise(function (r) { setTimeout(r, 20); });
              var result = walletSwitches().result;
              if (result === 'decline') return { type: 'error', error: { message: 'Your card has insufficient funds.', code: 'paymentFailed', paymentFailed: { declineCode: 'insufficient_funds' } } };
              if (result === 'error') return { type: 'error', error: { message: 'Something went wrong.', code: null } };
              // Stripe's servers take the payment (the session completes) and say where the session sends the person.
              var paid = await stripeApiConfirm(key, s);
              if (paid.error) return { type: 'error', error: { message: paid.error, code: null } };
              // Stripe.js's default, 'always': once paid, it leaves for the session's return_url, and the
              // promise never settles (the page is going). 'if_required' stays: wallets need no redirect.
              if (redirect === 'always') {
                probe.redirects.push(paid.returnUrl);
                window.location.assign(paid.returnUrl);
                return new Promise(function () {});
              }
              return { type: 'success', session: standInSession(s, 'complete') };
            },
          } };
        },
        getExpressCheckoutElement: function () { return element; },
        createExpressCheckoutElement: function () {
          if (element) throw new Error('Stand-in Stripe.js: one Express Checkout Element per SDK instance.');
          probe.created++;
          var handlers = {};
          var row = null;
          var emit = function (type, event) { (handlers[type] || []).slice().forEach(function (h) { h(event); }); };
          element = {
            on: function (type, handler) {
              if (type === 'click') throw new Error('Stand-in Stripe.js: the Express Checkout Element of the Checkout Elements SDK has no click event.');
              (handlers[type] = handlers[type] || []).push(handler);
              return element;
            },
            off: function (type, handler) { handlers[type] = (handlers[type] || []).filter(function (h) { return handler && h !== handler; }); return element; },
            mount: function (el) {
              probe.mounted++;
              var sw = walletSwitches();
              setTimeout(async function () {
                var s = await secret;
                if (probe.destroyedEls.indexOf(element) >= 0) return;
                if (sw.loadError || !/_secret_/.test(String(s))) {
                  emit('loaderror', { elementType: 'expressCheckout', error: { type: 'invalid_request_error', message: 'The Checkout Session could not be loaded (stand-in).' } });
                  return;
                }
                var wallets = sw.wallets;
                row = document.createElement('div');
                row.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px';
                wallets.forEach(function (type) {
                  var b = document.createElement('button');
                  b.type = 'button';
                  b.textContent = WALLET_LABELS[type] + ' (stand-in)';
                  b.style.cssText = 'flex:1 0 auto;height:44px;padding:0 14px;white-space:nowrap;font:inherit;background:#000;color:#fff;border:0;border-radius:4px';
                  b.addEventListener('focus', function () { emit('focus', { elementType: 'expressCheckout' }); });
                  b.addEventListener('blur', function () { emit('blur', { elementType: 'expressCheckout' }); });
                  b.addEventListener('click', function () {
                    if (walletSwitches().result === 'cancel') return emit('cancel', { elementType: 'expressCheckout' });
                    emit('confirm', {
                      elementType: 'expressCheckout',
                      expressPaymentType: type,
                      // What a wallet hands over: personal data the button must never pass on.
                      billingDetails: { name: 'Jenny Rosen', email: 'jenny.rosen@example.com' },
                      paymentFailed: function () {
                        probe.paymentFailed++;
                        // The wallet's sheet shows the failure, and the person closes it.
                        setTimeout(function () { emit('cancel', { elementType: 'expressCheckout' }); }, 10);
                      },
                    });
                  });
                  row.appendChild(b);
                });
                el.appendChild(row);
                var available = wallets.length ? { applePay: wallets.indexOf('apple_pay') >= 0, googlePay: wallets.indexOf('google_pay') >= 0, link: wallets.indexOf('link') >= 0, amazonPay: false, paypal: false, klarna: false } : undefined;
                emit('ready', { elementType: 'expressCheckout', availablePaymentMethods: available });
              }, sw.readyMs);
            },
            unmount: function () { row && row.remove(); },
            destroy: function () { probe.destroyed++; probe.destroyedEls.push(element); row && row.remove(); },
            update: function () { return element; },
          };
          return element;
        },
      };
    },
  };
};
var WALLET_LABELS = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };
function walletSwitches() {
  var w = window.__stripeWallets || {};
  return { wallets: w.wallets || ['google_pay', 'link'], result: w.result || 'success', loadError: !!w.loadError, readyMs: typeof w.readyMs === 'number' ? w.readyMs : 30 };
}
function expressProbe() {
  var probe = (window.__expressCheckout = window.__expressCheckout || { sdks: 0, created: 0, mounted: 0, destroyed: 0, confirms: 0, paymentFailed: 0, secrets: [], redirects: [] });
  if (!probe.destroyedEls) Object.defineProperty(probe, 'destroyedEls', { value: [], enumerable: false });
  return probe;
}
/** Stripe.js's confirm at Stripe's API (the API stand-in answers it: stand-ins/stripeJsConfirm.ts). */
async function stripeApiConfirm(key, secret) {
  var id = String(secret).split('_secret_')[0];
  try {
    var res = await fetch('https://api.stripe.com/v1/payment_pages/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body: new URLSearchParams({ key: key, client_secret: String(secret) }) });
    var body = await res.json();
    if (!res.ok) return { error: (body.error && body.error.message) || 'The payment could not be confirmed.' };
    return { returnUrl: body.return_url };
  } catch (e) {
    return { error: 'Stripe could not be reached to confirm the payment (stand-in).' };
  }
}
function standInSession(secret, status) {
  return { id: String(secret).split('_secret_')[0], status: { type: status }, currency: 'eur' };
}
window.Stripe.version = 'endive';
`;

/** Script text that runs but defines no `window.Stripe` (what a proxy or an extension might answer). */
export const NO_STRIPE_GLOBAL = 'window.__stripeExecutions = (window.__stripeExecutions || 0) + 1;';
