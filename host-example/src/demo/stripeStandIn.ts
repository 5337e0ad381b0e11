// The offline demo's stand-in for Stripe.js: what the service worker answers for
// https://js.stripe.com/endive/stripe.js. It is NOT Stripe: it defines `window.Stripe` with just
// what the checkout remote uses (the wrapper registration and embedded Checkout), and embedded
// Checkout is a fake card form whose Pay button finishes at once.
//
// `installStripeStandIn` runs in the page, not here: the service worker sends its source text, so
// it must not use anything from this module's scope.

export function installStripeStandIn(): void {
  type Options = { fetchClientSecret: () => Promise<string>; onComplete?: () => void };
  const w = window as unknown as { Stripe?: unknown };

  function createEmbeddedCheckoutPage(options: Options) {
    return Promise.resolve(options.fetchClientSecret()).then((clientSecret) => {
      let root: HTMLElement | null = null;
      const unmount = () => {
        root?.remove();
        root = null;
      };
      return {
        mount(target: string | HTMLElement) {
          const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
          if (!host) throw new Error('Demo Stripe.js: nothing to mount into.');
          root = document.createElement('form');
          root.setAttribute('data-demo-embedded-checkout', clientSecret);
          root.style.cssText = 'display:grid;gap:12px;padding:24px;font:15px/1.4 system-ui,sans-serif;color:#1a1f36';
          root.innerHTML =
            '<p style="margin:0;padding:8px 12px;border-radius:6px;background:#fff4e5;color:#8a4b00;font-size:13px">' +
            'Demo: a stand-in for Stripe\u2019s embedded Checkout. No card is charged.</p>' +
            '<label style="display:grid;gap:4px">Card number<input name="card" value="4242 4242 4242 4242" autocomplete="off" ' +
            'style="padding:10px;border:1px solid #d0d5dd;border-radius:6px;font:inherit"></label>' +
            '<div style="display:grid;grid-template-columns:1fr 1fr;gap:12px">' +
            '<label style="display:grid;gap:4px">Expiry<input name="exp" value="12 / 34" style="padding:10px;border:1px solid #d0d5dd;border-radius:6px;font:inherit"></label>' +
            '<label style="display:grid;gap:4px">CVC<input name="cvc" value="123" style="padding:10px;border:1px solid #d0d5dd;border-radius:6px;font:inherit"></label></div>' +
            '<button type="submit" style="padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font:600 15px system-ui,sans-serif;cursor:pointer">Pay</button>';
          root.addEventListener('submit', (event) => {
            event.preventDefault();
            const button = root?.querySelector('button');
            if (button) {
              button.disabled = true;
              button.textContent = 'Processing\u2026';
            }
            setTimeout(() => options.onComplete?.(), 600);
          });
          host.appendChild(root);
        },
        unmount,
        destroy: unmount,
      };
    });
  }

  function Stripe(publishableKey: string) {
    if (typeof publishableKey !== 'string') throw new Error('Demo Stripe.js: a publishable key is required.');
    return { _registerWrapper() {}, createEmbeddedCheckoutPage };
  }
  Stripe.version = 'endive';
  w.Stripe = Stripe;
}

/** The script text the service worker answers with. */
export function standInScript(): string {
  return `/* Offline demo: a stand-in for Stripe.js, served by the host example's service worker. Not Stripe. */\n(${installStripeStandIn.toString()})();\n`;
}

/** A script that loads fine but defines no `window.Stripe` (the "no-stripe" scenario). */
export function emptyScript(): string {
  return '/* Offline demo: a script that answers for Stripe.js without defining window.Stripe. */\n';
}
