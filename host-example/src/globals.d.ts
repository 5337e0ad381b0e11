/** Set at build time by webpack.config.ts: where the remote's manifest is (CHECKOUT_MANIFEST). */
declare const __CHECKOUT_MANIFEST__: string;
/** Set at build time by webpack.config.ts (`--env checkoutMode=embedded`): leave for Stripe's page, or embed Checkout. */
declare const __CHECKOUT_MODE__: 'redirect' | 'embedded';
/** Set at build time by webpack.config.ts (STRIPE_PUBLISHABLE_KEY): publishable keys are public. */
declare const __STRIPE_PUBLISHABLE_KEY__: string;
/** Set at build time by webpack.config.ts (CHECKOUT_PUBLISHER_KEY): the remote's publisher key the page trusts; null with the dev server's remote. */
declare const __CHECKOUT_PUBLISHER_KEY__: string | null;
/** Set at build time by webpack.config.ts (CHECKOUT_DEVELOPMENT_BUILD=1): the page may trust the committed test key. */
declare const __CHECKOUT_DEVELOPMENT_BUILD__: boolean;
