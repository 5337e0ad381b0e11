// One federation runtime instance for the page: the remote's `./mount` brings its own React, so
// this page shares nothing with it.
import { createInstance } from '@module-federation/runtime';
import verifiedRelease from '@checkout/host-kit/verifiedRelease';

const federation = createInstance({
  name: 'vue_host',
  remotes: [{ name: 'checkout', entry: 'http://localhost:3001/mf-manifest.json' }],
  // Only a release its publisher signed runs (the key from vite.config.js; a remote that never answers fails in 5 s).
  // Unverified, whatever the remote's origin serves runs: plugins: [remoteTimeouts()] (from '@checkout/host-kit').
  plugins: [verifiedRelease({ trust: { publisherKey: __CHECKOUT_PUBLISHER_KEY__ }, reportUrl: '/monitoring/refused-script' })],
});

export const loadCheckoutMount = () => federation.loadRemote('checkout/mount');
