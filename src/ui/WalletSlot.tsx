// Wallets mode's row (WalletRow.tsx, with the Express Checkout Element and its texts) is a chunk of
// its own, fetched only when a button in that mode first renders (or sooner, with the button's own
// files, by a host kit whose page started a wallet session: its file is `wallets.<hash>.js`, see
// webpack/walletRowChunk.ts): redirect and embedded pages never load it. Asked for during that
// render, not from an effect: an effect runs after the first paint, which cost the row (and the
// wallet session it asks for) some 55 ms at a phone's CPU. A chunk that cannot be fetched leaves the
// card button alone for the page view, and each button's host is told (`wallets_unavailable`). The chunk is fetched first and the row rendered
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

/** The row's chunk, asked for once per page. */
function fetchRow(): Promise<void> {
  fetched ??= import('./WalletRow').then(
    (m) => void (row = m.WalletRow),
    () => void (row = Unavailable),
  );
  return fetched;
}

/** `onLoaded` runs once the row's chunk is in (or failed). */
function subscribe(onLoaded: () => void): () => void {
  let live = true;
  void fetchRow().then(() => live && onLoaded());
  return () => void (live = false);
}

const current = () => row;
const none = () => null;

export function WalletSlot(props: WalletRowProps) {
  // Once per page, whatever renders again (StrictMode, concurrent retries): the same promise.
  if (typeof window !== 'undefined') void fetchRow();
  const Row = useSyncExternalStore(subscribe, current, none);
  return Row ? <Row {...props} /> : null;
}
