// The demo's entry: the host example's integration (../src) with the demo's switches around it.
import { CHECKOUT_POLICY, reportRefusal, startCheckout } from '../src/checkoutRemote';
import { demoRemoteOptions } from './options';
import { demoWalletSession } from './walletSession';

const load = startCheckout({
  ...CHECKOUT_POLICY,
  manifestUrl: __CHECKOUT_MANIFEST__,
  verify: __CHECKOUT_PUBLISHER_KEY__ === null ? 'off' : { trust: { publisherKey: __CHECKOUT_PUBLISHER_KEY__ }, report: reportRefusal },
  ...demoRemoteOptions(location.search),
});

// Wallets mode: the wallet session asked for now, while the remote and Stripe.js load.
const walletSession = demoWalletSession(location.search);

import(/* webpackMode: "eager" */ './bootstrap').then(
  ({ start }) => start(load, walletSession),
  (error: unknown) => console.error('The page could not start.', error),
);
