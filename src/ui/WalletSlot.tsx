// Wallets mode's row (WalletRow.tsx, with the Express Checkout Element and its texts) is a chunk of
// its own, fetched only when a button in that mode first renders: redirect and embedded pages never
// load it. A chunk that cannot be fetched leaves the card button alone for the page view, and each
// button's host is told (`wallets_unavailable`).
import { lazy, useEffect } from 'react';
import { checkoutError } from '../core/errors';
import { callHost } from '../core/hostCallback';
import type { WalletRowProps } from './WalletRow';

function Unavailable({ latest }: WalletRowProps) {
  useEffect(
    () => callHost(latest.current.onError, checkoutError('wallets_unavailable', 'The wallets chunk could not be fetched.')),
    [latest],
  );
  return null;
}

export const WalletSlot = lazy(() =>
  import('./WalletRow').then(
    (m) => ({ default: m.WalletRow }),
    () => ({ default: Unavailable }),
  ),
);
