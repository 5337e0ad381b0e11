// The demo's entry: the host example's integration (../src) with the demo's switches around it.
import { CHECKOUT_POLICY, reportRefusal, startCheckout } from '../src/checkoutRemote';
import { demoRemoteOptions } from './options';
import './pageStart';

const load = startCheckout({
  ...CHECKOUT_POLICY,
  manifestUrl: __CHECKOUT_MANIFEST__,
  verify: __CHECKOUT_PUBLISHER_KEY__ === null ? 'off' : { trust: { publisherKey: __CHECKOUT_PUBLISHER_KEY__ }, report: reportRefusal },
  ...demoRemoteOptions(location.search),
});

// React's start in a task of its own: a request (the remote's, a wallet session) leaves only once the
// task that asked for it has ended, and React's start is the page's longest (about 500 ms at a phone's CPU).
setTimeout(() => {
  import(/* webpackMode: "eager" */ './bootstrap').then(
    ({ start }) => start(load),
    (error: unknown) => console.error('The page could not start.', error),
  );
});
