import { useEffect, useId, useRef } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutError } from '../types';
import { startEmbeddedCheckout } from '../checkout/embedded';
import { useLatest } from './useLatest';
import { installStyles } from './styles';

// The dialog's styles come with it: redirect mode never loads them.
const DIALOG_CSS = `
.mfc-dialog{width:min(100vw - 2rem,38rem);max-height:calc(100vh - 2rem);padding:0;border:0;border-radius:var(--checkout-radius,6px);box-shadow:0 20px 60px rgba(0,0,0,.35)}
.mfc-dialog::backdrop{background:rgba(15,23,42,.55)}
.mfc-dialog-bar{display:flex;align-items:center;justify-content:space-between;padding:.5rem .75rem;border-bottom:1px solid #e5e7eb}
.mfc-dialog-title{margin:0;font-size:1rem}
.mfc-close{border:0;background:transparent;font:inherit;font-size:1.25rem;line-height:1;padding:.25rem .5rem;cursor:pointer}
.mfc-close:focus-visible{outline:3px solid var(--checkout-focus,#1a73e8);outline-offset:2px}
.mfc-embed{min-height:24rem}
`;

export interface EmbeddedDialogProps {
  stripe: Stripe;
  clientSecret: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  onComplete: () => void;
  onFail: (error: CheckoutError) => void;
}

/**
 * A native modal <dialog>: the browser keeps focus inside and makes the page behind inert.
 * Escape and the close button both end in `onClose`, which unmounts us and destroys the instance.
 */
export function EmbeddedDialog({ stripe, clientSecret, title, closeLabel, onClose, onComplete, onFail }: EmbeddedDialogProps) {
  installStyles(undefined, DIALOG_CSS);
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const embedRef = useRef<HTMLDivElement>(null);
  const callbacks = useLatest({ onComplete, onFail });

  useEffect(() => {
    const dialog = dialogRef.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);

  useEffect(() => {
    let live = true;
    let destroy = () => {};
    startEmbeddedCheckout(stripe, clientSecret, embedRef.current!, () => callbacks.current.onComplete()).then(
      (checkout) => {
        if (live) destroy = () => checkout.destroy();
        else checkout.destroy(); // closed (or unmounted) while it was starting
      },
      (error: CheckoutError) => {
        if (live) callbacks.current.onFail(error);
      },
    );
    return () => {
      live = false;
      destroy();
    };
  }, [stripe, clientSecret, callbacks]);

  return (
    <dialog
      ref={dialogRef}
      className="mfc-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let React state close it, so the instance is destroyed on the same path.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="mfc-dialog-bar">
        <h2 id={titleId} className="mfc-dialog-title">
          {title}
        </h2>
        <button type="button" className="mfc-close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      </div>
      <div ref={embedRef} className="mfc-embed" />
    </dialog>
  );
}
