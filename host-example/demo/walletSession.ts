// Wallets mode in the demo: the wallet session asked for at page start with the host kit's
// `startWalletSession`, from the same session props the button gets (the demo's, the query's `props`,
// the page's offer), so the session's time at Stripe overlaps the remote's and Stripe.js's load.
import { startWalletSession } from '@checkout/host-kit';
import type { StartedWalletSession } from '../../src/core/types';
import { offerOf } from '../src/offers';
import { demoServer } from './DemoPanel';
import { demoOptions, demoSession } from './options';

export function demoWalletSession(search: string): StartedWalletSession | undefined {
  const options = demoOptions(search);
  if ((options.props.mode ?? options.mode) !== 'wallets') return undefined;
  // Offline, the first visit reloads once the stand-in's service worker controls the page.
  if (demoServer()?.stripe === 'stand-in' && !navigator.serviceWorker?.controller) return undefined;
  // In the order the button's props are made (DemoPanel.tsx's propsFor, then OrderPage.tsx's offer).
  const { sessionEndpoint, sessionBody, lines } = { ...demoSession(options), ...options.props, ...offerOf(search).checkout };
  return sessionEndpoint ? startWalletSession({ sessionEndpoint, sessionBody, lines }) : undefined;
}
