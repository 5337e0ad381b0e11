// The demo's entry: the host example's integration (../src) with the demo's switches around it.
import { CHECKOUT_POLICY, startCheckout } from '../src/checkoutRemote';
import { demoRemoteOptions } from './options';

const load = startCheckout({ ...CHECKOUT_POLICY, manifestUrl: __CHECKOUT_MANIFEST__, ...demoRemoteOptions(location.search) });

import(/* webpackMode: "eager" */ './bootstrap').then(({ start }) => start(load));
