// The dialog's part of the click's flow, in the dialog's chunk (CheckoutDialog.tsx fetches it): what
// its opening, closing, completion and failure tell the button and its telemetry. Redirect mode
// never needs it, and embedded mode only once a session is there.
import { useRef } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutCompletion, CheckoutError, CheckoutEvent } from '../core/types';
import type { CheckoutEventInput } from '../core/events';
import type { Language } from '../i18n/languages';
import { checkoutSessionId } from '../checkout/sessionId';
import { EmbeddedDialog } from './EmbeddedDialog';

export interface DialogInFlowProps {
  stripe: Stripe;
  clientSecret: string;
  lang: Language;
  nonce?: string;
  /** The host's own title and close label, if it gave them. */
  title?: string;
  closeLabel?: string;
  /** The button's telemetry. */
  emit: (input: CheckoutEventInput) => CheckoutEvent;
  /** Ends the flow's embedded phase (closed, or paid); false when it had already ended. */
  close: () => boolean;
  /** The payment completed: tell the host which session, once the dialog is closed. */
  complete: (completion: CheckoutCompletion) => void;
  /** Embedded Checkout could not start: the flow ends in this failure. */
  fail: (error: CheckoutError) => void;
}

export function DialogInFlow({ emit, close, complete, fail, ...dialog }: DialogInFlowProps) {
  // Whether the dialog reached the screen: a dialog that never showed is not "closed".
  const shown = useRef(false);
  const end = (completed: boolean) => {
    shown.current = false;
    if (close()) emit({ type: 'embedded_close', completed });
  };
  return (
    <EmbeddedDialog
      {...dialog}
      onEmbeddedEvent={emit}
      onOpen={() => {
        shown.current = true;
        emit({ type: 'embedded_open' });
      }}
      onClose={() => end(false)}
      onComplete={() => {
        end(true);
        complete({ sessionId: checkoutSessionId(dialog.clientSecret) });
      }}
      onFail={(error) => {
        if (shown.current) emit({ type: 'embedded_close', completed: false });
        shown.current = false;
        fail(error);
      }}
    />
  );
}
