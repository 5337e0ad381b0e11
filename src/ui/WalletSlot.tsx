// Wallets mode's row (WalletRow.tsx, with the Express Checkout Element and its texts) is a chunk of
// its own, fetched only when a button in that mode first renders: redirect and embedded pages never
// load it. A chunk that cannot be fetched leaves the card button alone for the page view, and each
// button's host is told (`wallets_unavailable`). The chunk is fetched first and the row rendered
// after, without a Suspense boundary: React 19 holds a boundary's reveal for about 300 ms after its
// fallback, which the wallets paid on every page view.
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
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

let row: ComponentType<WalletRowProps> | null = null;
let fetched: Promise<void> | undefined;

/** Fetches the row's chunk once per page; `onLoaded` runs once it is in (or failed). */
function subscribe(onLoaded: () => void): () => void {
  fetched ??= import('./WalletRow').then(
    (m) => void (row = m.WalletRow),
    () => void (row = Unavailable),
  );
  let live = true;
  void fetched.then(() => live && onLoaded());
  return () => void (live = false);
}

const current = () => row;
const none = () => null;

export function WalletSlot(props: WalletRowProps) {
  const Row = useSyncExternalStore(subscribe, current, none);
  return Row ? <Row {...props} /> : null;
}
