// Wallets mode's row (WalletRow.tsx, with the Express Checkout Element and its texts) is a chunk of
// its own, fetched only when a button in that mode mounts: redirect and embedded pages never load it.
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { checkoutError } from '../errors';
import { callHost } from '../hostCallback';
import { lazyChunk } from '../lazyChunk';
import type { WalletRowProps } from './WalletRow';

const row = lazyChunk(() => import('./WalletRow'));
const Nothing = () => null;

export function WalletSlot(props: WalletRowProps) {
  // If the chunk cannot be fetched: the card button alone, and the host told.
  const Row = useMemo(
    () =>
      lazy<ComponentType<WalletRowProps>>(() =>
        row.load().then(
          (m) => ({ default: m.WalletRow }),
          () => (callHost(props.latest.current.onError, checkoutError('wallets_unavailable', 'The wallets chunk could not be fetched.')), { default: Nothing }),
        ),
      ),
    [props.latest],
  );
  return (
    <Suspense fallback={null}>
      <Row {...props} />
    </Suspense>
  );
}
