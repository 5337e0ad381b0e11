// Federation settings of the remote, and the host-side React shares our own hosts use.

/**
 * The React versions the button runs on: whichever of these the host brings, prereleases included
 * (Next.js's App Router runs its vendored `19.3.0-canary-…`; react-dom 18.3.1 calls itself
 * `18.3.1-next-…`). The federation runtime compares each comparator as written (it has not
 * node-semver's rule that a prerelease only matches a comparator on its own x.y.z), so the `-0`
 * bounds take in every prerelease from 18.3.0's first to 20.0.0's, excluded.
 */
export const REACT_RANGE = '>=18.3.0-0 <20.0.0-0';

const singleton = (requiredVersion: string) => ({ singleton: true, requiredVersion, strictVersion: false });

/**
 * The remote never offers its React (`import: false`): singleton negotiation picks the highest
 * version, so an offered React 19 would replace a React 18.3 host's own. The button takes `react`
 * from the host and nothing else: no subpath (its JSX goes through `src/core/jsxRuntime.ts`), and not
 * `react-dom` (it renders no portal). `./mount` brings its own renderer (see `standaloneReact`).
 */
export const remoteReactShares = {
  react: { ...singleton(REACT_RANGE), import: false as const },
  'react-dom': { ...singleton(REACT_RANGE), import: false as const },
};

/** What a host shares, as the bundlers' own docs show it: `react` and `react-dom`, nothing more. */
export const reactShares = {
  react: singleton(REACT_RANGE),
  'react-dom': singleton(REACT_RANGE),
};

/**
 * Shared so that two remotes on one page agree on one Stripe.js wrapper. Eager: it is 1.6 KB, and
 * inside remoteEntry.js it costs no extra sequential round trip before the button can render.
 */
export const stripeShares = {
  '@stripe/stripe-js/pure': { ...singleton('^10.2.0'), eager: true },
};

/**
 * The remote's own chunks (fetched at idle after start-up, and on a click) are script tags that
 * webpack adds: their URLs go through a Trusted Types policy of ours, so a page that enforces
 * Trusted Types, even from later on (a <meta> added, a route that turns it on), still loads them.
 * `continue`: where the page does not allow the name, the URLs go to the page's `default` policy, as
 * before. The name is in docs/security.md.
 */
export const chunkTrustedTypes = { policyName: 'checkout-chunks', onPolicyCreationFailure: 'continue' as const };

/**
 * The contract's headers: any origin may load the remote, and read its files' timings (Resource
 * Timing reports 0 bytes for a cross-origin file without Timing-Allow-Origin). Entries are
 * revalidated, hashed chunks kept (`cacheControlFor`).
 */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Timing-Allow-Origin': '*',
};

export function cacheControlFor(path: string): string {
  return /\.[0-9a-f]{8,}\./.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
