// The federation runtime alone (Next's bundler has no federation plugin): one instance, created in
// the browser on first use, with the host's own React in the share scope, so the button renders
// with the React that renders the page (the App Router's own, 19.3.0-canary-…). Without `shared`,
// the load fails: "Can not get 'react'".
import React from 'react';
import * as ReactDOM from 'react-dom';
import { createInstance } from '@module-federation/runtime';
import verifiedRelease from '@checkout/host-kit/verifiedRelease';
import { CHECKOUT_MANIFEST } from '../checkoutRemote';

let federation = null;

export function loadCheckoutButton() {
  federation ??= createInstance({
    name: 'next_host',
    remotes: [{ name: 'checkout', entry: CHECKOUT_MANIFEST }],
    shared: {
      react: { version: React.version, lib: () => React, shareConfig: { singleton: true, requiredVersion: `^${React.version}` } },
      'react-dom': {
        version: ReactDOM.version,
        lib: () => ReactDOM,
        shareConfig: { singleton: true, requiredVersion: `^${ReactDOM.version}` },
      },
    },
    // Only a release its publisher signed runs (the key from next.config.js; a remote that never answers fails in 5 s).
    // Unverified, whatever the remote's origin serves runs: plugins: [remoteTimeouts()] (from '@checkout/host-kit').
    plugins: [verifiedRelease({ trust: { publisherKey: __CHECKOUT_PUBLISHER_KEY__ }, reportUrl: '/monitoring/refused-script' })],
  });
  return federation.loadRemote('checkout/CheckoutButton');
}
