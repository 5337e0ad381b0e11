import type { RemoteRelease } from './types';

// Replaced at build time (release/release.ts); absent when the code runs unbundled (unit tests).
declare const __CHECKOUT_RELEASE__: RemoteRelease | undefined;

/** Which build of the remote this is, for a host's logs: the same values as mf-manifest.json's `metaData.release`. */
export const remoteRelease: RemoteRelease = Object.freeze(
  typeof __CHECKOUT_RELEASE__ !== 'undefined'
    ? __CHECKOUT_RELEASE__
    : { name: 'checkout', version: '0.0.0-unbundled', commit: 'unknown', builtAt: '' },
);
