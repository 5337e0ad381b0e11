import { useCallback, useEffect, useRef } from 'react';
import type { CheckoutError } from '../types';

export interface FailureFocus {
  /** The alert and the Try again button: focus goes to Try again where there is one. */
  alertRef: React.RefObject<HTMLParagraphElement | null>;
  retryRef: React.RefObject<HTMLButtonElement | null>;
  /** The person's action (a click, Try again) may end in a failure: focus it when it shows. */
  expectFailure: () => void;
}

/** After a failure the person caused, focus goes to what they can do next; a failure no one asked for moves nothing. */
export function useFocusAfterFailure(shownError: CheckoutError | undefined): FailureFocus {
  const alertRef = useRef<HTMLParagraphElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const expected = useRef(false);
  useEffect(() => {
    if (!shownError || !expected.current) return;
    expected.current = false;
    (retryRef.current ?? alertRef.current)?.focus();
  }, [shownError]);
  const expectFailure = useCallback(() => {
    expected.current = true;
  }, []);
  return { alertRef, retryRef, expectFailure };
}

/**
 * Focus goes back to the button once it can take it: after the dialog is gone (while it is open the
 * page behind is inert), and after Try again, once the button is enabled again.
 */
export function useRefocusButton(canFocus: boolean): { buttonRef: React.RefObject<HTMLButtonElement | null>; refocusLater: () => void } {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!canFocus || !pending.current) return;
    pending.current = false;
    buttonRef.current?.focus();
  }, [canFocus]);
  const refocusLater = useCallback(() => {
    pending.current = true;
  }, []);
  return { buttonRef, refocusLater };
}
