// Federation settings shared by the remote and every host we build (example, tests, bench),
// so that both sides of a share always agree.

/** React 18.3 and 19 hosts may provide React; the remote's own copy is the fallback. */
export const REACT_RANGE = '^18.3.0 || ^19.0.0';

const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion, strictVersion: false });

/** Prefix keys (`react/`) also share the subpaths (`react/jsx-runtime`, `react-dom/client`). */
export const reactShares = {
  react: singleton(REACT_RANGE),
  'react/': singleton(REACT_RANGE),
  'react-dom': singleton(REACT_RANGE),
  'react-dom/': singleton(REACT_RANGE),
};

/**
 * Shared so that two remotes on one page agree on one Stripe.js wrapper. Eager: it is 1.6 KB, and
 * inside remoteEntry.js it costs no extra sequential round trip before the button can render.
 */
export const stripeShares = {
  '@stripe/stripe-js/pure': { ...singleton('^10.2.0'), eager: true },
};

/** The contract's headers: any origin may load the remote; entries are revalidated, hashed chunks kept. */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export function cacheControlFor(path: string): string {
  return /\.[0-9a-f]{8,}\./.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
