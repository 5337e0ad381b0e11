// Embedded mode's dialog, in a chunk of its own (CheckoutDialog.tsx fetches it).
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutError } from '../core/types';
import { startEmbeddedCheckout, type EmbeddedCheckoutEvent } from '../checkout/embedded';
import { DIALOG_TEXTS } from '../i18n/texts/dialog';
import type { Language } from '../i18n/languages';
import { DIALOG_CSS } from './dialogStyles';
import { installStyles, styleScopeOf } from './styles';
import { useLatest } from './useLatest';

export interface EmbeddedDialogProps {
  stripe: Stripe;
  clientSecret: string;
  /** The language of the built-in title and close label (src/i18n/texts/dialog.ts, shipped with this chunk). */
  lang: Language;
  /** The host's own title and close label, over the built-in ones. */
  title?: string;
  closeLabel?: string;
  /** The host's nonce, for the dialog's styles where they need a <style> tag. */
  nonce?: string;
  onClose: () => void;
  onComplete: () => void;
  onFail: (error: CheckoutError) => void;
  /** The dialog is on screen (modal, Escape closes it): once per opening. */
  onOpen?: () => void;
  /** Embedded Checkout's own events (its analytics names, its completion), for the button's telemetry. */
  onEmbeddedEvent?: (event: EmbeddedCheckoutEvent) => void;
}

/**
 * A native modal <dialog>: the browser keeps focus inside and makes the page behind inert.
 * Escape and the close button both end in `onClose`, which unmounts us and destroys the instance.
 */
export function EmbeddedDialog({
  stripe,
  clientSecret,
  lang,
  title,
  closeLabel,
  nonce,
  onClose,
  onComplete,
  onFail,
  onOpen,
  onEmbeddedEvent,
}: EmbeddedDialogProps) {
  const texts = DIALOG_TEXTS[lang];
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const embedRef = useRef<HTMLDivElement>(null);
  const callbacks = useLatest({ onComplete, onFail, onOpen, onEmbeddedEvent });
  // StrictMode runs the effect below twice: the opening is told once.
  const told = useRef(false);
  // Before the dialog is painted, into the scope it is rendered in, as the button's own (CheckoutButton.tsx).
  useLayoutEffect(() => installStyles(styleScopeOf(dialogRef.current!), nonce, DIALOG_CSS), [nonce]);

  useEffect(() => {
    const dialog = dialogRef.current!;
    if (!dialog.open) dialog.showModal();
    // Told only now: before, nothing is on screen and Escape has nothing to close (the chunk may
    // still be on its way).
    if (dialog.open && !told.current) {
      told.current = true;
      callbacks.current.onOpen?.();
    }
    return () => dialog.close();
  }, [callbacks]);

  useEffect(() => {
    let live = true;
    let destroy = () => {};
    const onEvent = (event: EmbeddedCheckoutEvent) => callbacks.current.onEmbeddedEvent?.(event);
    startEmbeddedCheckout(stripe, clientSecret, embedRef.current!, () => callbacks.current.onComplete(), onEvent).then(
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
          {title ?? texts.dialogTitle}
        </h2>
        <button type="button" className="mfc-close" aria-label={closeLabel ?? texts.closeDialog} onClick={onClose}>
          ×
        </button>
      </div>
      <div ref={embedRef} className="mfc-embed" />
    </dialog>
  );
}
