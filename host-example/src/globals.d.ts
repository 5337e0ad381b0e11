/** The remote's manifest URL, set at build time by webpack.config.ts (CHECKOUT_MANIFEST). */
declare const __CHECKOUT_MANIFEST__: string;
