// Read and asked for as the page starts, before React (the entry imports it): the switches (each a link to the page
// again), the buttons' own session props (`props` and the offer may replace them), and in wallets mode the session.
import { startWalletSession } from '@checkout/host-kit';
import { offerOf } from '../src/offers';
import { demoOptions, DEVICE_WALLETS } from './options';

export const options = demoOptions(location.search);
export const session = {
  sessionEndpoint: options.session === 'ok' ? '/api/checkout-sessions' : `/api/checkout-sessions?scenario=${options.session}`,
  sessionBody: { productId: 'coffee-beans-1kg' }, // the button adds its mode
};
export const pageWalletSession =
  (options.props.mode ?? options.mode) === 'wallets'
    ? startWalletSession({ ...session, ...options.props, ...offerOf(location.search).checkout })
    : undefined;
// The stand-in Stripe.js reads its wallet switches from the page (stand-ins/stripeJs.ts).
(window as { __stripeWallets?: object }).__stripeWallets ??= {
  wallets: DEVICE_WALLETS[options.wallets],
  result: options.walletResult === 'loaderror' ? 'success' : options.walletResult,
  loadError: options.walletResult === 'loaderror',
};
