// Start the remote now, in parallel with the page's own async boundary: the button arrives sooner.
import { loadCheckout, registerCheckout, type CheckoutModule, type RemotePolicy } from './checkoutRemote';
import { demoRemoteOptions } from '../demo/options';

const policy: RemotePolicy = {
  manifestUrl: __CHECKOUT_MANIFEST__, // defined in webpack.config.ts
  attempts: 3,
  timeoutMs: 5_000,
  ...demoRemoteOptions(location.search), // the demo's ?remote=… switches; leave out in your host
};
registerCheckout(policy);
const first = loadCheckout(policy);
first.catch(() => {}); // the slot shows the failure; nothing is left unhandled meanwhile

/** The first call gets the load already under way; Try again loads afresh. */
const load = (fresh: boolean): Promise<CheckoutModule> => (fresh ? loadCheckout(policy, true) : first);

// React is shared eagerly (webpack.config.ts), so the page needs no async chunk of its own: "eager"
// keeps bootstrap in main.js, one round trip less before the page renders.
import(/* webpackMode: "eager" */ './bootstrap').then(({ start }) => start(load));
