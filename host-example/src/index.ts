// The host's entry: the checkout remote starts loading at once, in parallel with the page's own start.
import { CHECKOUT_POLICY, reportRefusal, startCheckout } from './checkoutRemote';

const load = startCheckout({
  ...CHECKOUT_POLICY,
  manifestUrl: __CHECKOUT_MANIFEST__, // defined in webpack.config.ts
  // Only what the publisher's key signed runs: a changed byte on the remote's origin never does.
  // 'off' runs whatever that origin serves (the README says what it costs): here only with the dev
  // server's remote (`npm start`), which has no signed release.
  verify:
    __CHECKOUT_PUBLISHER_KEY__ === null
      ? 'off'
      : { trust: { publisherKey: __CHECKOUT_PUBLISHER_KEY__, development: __CHECKOUT_DEVELOPMENT_BUILD__ }, report: reportRefusal },
});

// React is shared eagerly (webpack.config.ts), so the page needs no async chunk of its own: "eager"
// keeps bootstrap in main.js, one round trip less before the page renders.
import(/* webpackMode: "eager" */ './bootstrap').then(
  ({ start }) => start(load),
  (error: unknown) => console.error('The page could not start.', error),
);
