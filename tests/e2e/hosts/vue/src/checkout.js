// One federation runtime instance for the page: the remote's `./mount` brings its own React, so
// this page shares nothing with it.
import { createInstance } from '@module-federation/runtime';
import { remoteTimeouts } from '@checkout/host-kit';

const federation = createInstance({
  name: 'vue_host',
  remotes: [{ name: 'checkout', entry: 'http://localhost:3001/mf-manifest.json' }],
  plugins: [remoteTimeouts()], // a remote that never answers fails in 5 s
});

export const loadCheckoutMount = () => federation.loadRemote('checkout/mount');
