// The bench's pages. Three are builds of the host example (bench/webpack.config.ts); `formless` is
// the federated build's page with the form taken out of its HTML; `standalone` is the one-tag page.
// (A fourth build, `now`, is for what waiting for the page's load costs: loadWait.ts.)
export type Variant = 'direct' | 'federated' | 'formless' | 'unverified' | 'standalone';

export const VARIANTS: Variant[] = ['direct', 'federated', 'formless', 'unverified', 'standalone'];

/** Built by bench/webpack.config.ts into bench/dist/<variant>. */
export type Built = 'direct' | 'federated' | 'unverified' | 'now';
export const BUILT: Built[] = ['direct', 'federated', 'unverified', 'now'];

/** Traced for the main-thread breakdown: `formless` runs the federated page's code. */
export const TRACED: Variant[] = ['direct', 'federated', 'unverified', 'standalone'];

/** What each page is, for bench/results.json. */
export const DESCRIPTIONS: Record<Variant | 'wallets' | 'click', string> = {
  direct: 'the host example with CheckoutButton bundled from source (no federation, one file)',
  federated:
    "the host example's production build as it is, its remote at the bench's dist/, run only once its signed release inventory is verified (@checkout/host-kit's verifier, ECDSA P-256 with Web Crypto, a key made for the bench run); the button's chunks preloaded by the page's server with the inventory's integrity (--no-chunk-preload: not), the inventory and signature preloaded; its HTML carries the page and a form that pays before any script",
  formless:
    'the federated page with its root emptied (no form in the HTML, the page before it had one): React renders the page, whose slot shows the form until the button is there',
  unverified:
    "the federated page with the host example's verification turned off (verify: 'off', bench/unverifiedCheckout.ts): its remote runs whatever the bench's dist/ serves",
  standalone:
    "docs/element.md's one-tag page (tests/e2e/hosts/element): <checkout-button> from the bench's dist/checkout-button.js, no React, no Stripe.js tag of its own; its light-DOM children are a form that pays",
  wallets:
    "the federated page with mode 'wallets' (?props=), its session endpoint answering in Stripe's 300 ms: measured to its wallet row shown (bench/walletsPage.ts)",
  click:
    "the federated page served with server/'s routes against the Stripe API stand-in (session creation answered after 300 ms): from a click to the navigation request to https://checkout.stripe.com/ (routed), on the script's button once the page settled, and on the HTML's form with JavaScript disabled",
};
