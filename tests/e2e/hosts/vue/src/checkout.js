// One federation runtime instance for the page: the remote's `./mount` brings its own React, so
// this page shares nothing with it.
import { createInstance } from '@module-federation/runtime';
import remoteTimeout from './remoteTimeout.js';

const federation = createInstance({
  name: 'vue_host',
  remotes: [{ name: 'checkout', entry: 'http://localhost:3001/mf-manifest.json' }],
  plugins: [remoteTimeout()], // a remote that never answers fails in 5 s
});

export const loadCheckoutMount = () => federation.loadRemote('checkout/mount');
