// Embedded mode's dialog (DialogInFlow.tsx and EmbeddedDialog.tsx, with Stripe's embedded Checkout) is a chunk of its own:
// redirect mode never needs it, and embedded mode only after a click. This wrapper comes with the
// click's code (clickRun.ts); the dialog is fetched when the page is idle, or when it opens if sooner.
import { lazy, Suspense, useEffect, useMemo, useRef, type ComponentType } from 'react';
import { checkoutError } from '../core/errors';
import { lazyChunk } from '../core/lazyChunk';
import type { DialogInFlowProps } from './DialogInFlow';

export type CheckoutDialogProps = DialogInFlowProps;

const dialog = lazyChunk(() => import('./DialogInFlow'), { whenIdle: true });

/** Stands in when the chunk cannot be fetched: the flow ends in `embedded_failed`, as any failed start. */
function Unavailable({ fail: onFail }: CheckoutDialogProps) {
  // Once, with the first `fail` (the button may pass a new one on a render; StrictMode runs
  // effects twice).
  const fail = useRef<typeof onFail | null>(onFail);
  useEffect(() => {
    const report = fail.current;
    fail.current = null;
    report?.(checkoutError('embedded_failed', 'Embedded Checkout could not start: its dialog could not be fetched.'));
  }, []);
  return null;
}

export function CheckoutDialog(props: CheckoutDialogProps) {
  // One lazy component per opening, so a fetch that failed is tried again the next time.
  const Dialog = useMemo(
    () =>
      lazy<ComponentType<CheckoutDialogProps>>(() =>
        dialog.load().then(
          (m) => ({ default: m.DialogInFlow }),
          () => ({ default: Unavailable }),
        ),
      ),
    [],
  );
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
