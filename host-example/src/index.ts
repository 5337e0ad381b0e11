// The host's entry: the checkout remote starts loading at once, in parallel with the page's own start.
import { CHECKOUT_POLICY, startCheckout } from './checkoutRemote';

const load = startCheckout({ ...CHECKOUT_POLICY, manifestUrl: __CHECKOUT_MANIFEST__ }); // defined in webpack.config.ts

// React is shared eagerly (webpack.config.ts), so the page needs no async chunk of its own: "eager"
// keeps bootstrap in main.js, one round trip less before the page renders.
import(/* webpackMode: "eager" */ './bootstrap').then(({ start }) => start(load));
