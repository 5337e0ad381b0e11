// The federation runtime alone, in the browser only (`.client`: React Router leaves this module out
// of the server build): one instance, created on first use, with the page's own React in the share
// scope, so the button renders with the React that hydrated the page. Without `shared` the load
// fails: "Can not get 'react'".
import React from 'react';
import * as ReactDOM from 'react-dom';
import { createInstance } from '@module-federation/runtime';
import verifiedRelease from '@checkout/host-kit/verifiedRelease';

// Where the checkout remote is served: your CDN's URL instead.
const CHECKOUT_MANIFEST = 'http://localhost:3001/mf-manifest.json';

let federation = null;

export function loadCheckoutButton() {
  federation ??= createInstance({
    name: 'react_router_host',
    remotes: [{ name: 'checkout', entry: CHECKOUT_MANIFEST }],
    shared: {
      react: { version: React.version, lib: () => React, shareConfig: { singleton: true, requiredVersion: `^${React.version}` } },
      'react-dom': {
        version: ReactDOM.version,
        lib: () => ReactDOM,
        shareConfig: { singleton: true, requiredVersion: `^${ReactDOM.version}` },
      },
    },
    // Only a release its publisher signed runs (the key from vite.config.js; a remote that never answers fails in 5 s).
    // Unverified, whatever the remote's origin serves runs: plugins: [remoteTimeouts()] (from '@checkout/host-kit').
    plugins: [verifiedRelease({ trust: { publisherKey: __CHECKOUT_PUBLISHER_KEY__ }, reportUrl: '/monitoring/refused-script' })],
  });
  return federation.loadRemote('checkout/CheckoutButton');
}
