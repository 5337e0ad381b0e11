import { useCallback, useEffect, useRef } from 'react';
import type { CheckoutError } from '../core/types';
import { useLatest } from './useLatest';

/**
 * Focus asked for ahead (the returned function), moved once `when` turns true: to `target()`, read
 * then, as the element may only be there by that time. Nothing moves focus that no one asked for.
 */
function useFocusWhen(when: unknown, target: () => HTMLElement | null | undefined): () => void {
  const pending = useRef(false);
  // `target` reads refs and is a new function each render: only `when` decides, with the latest `target`.
  const latestTarget = useLatest(target);
  useEffect(() => {
    if (!when || !pending.current) return;
    pending.current = false;
    latestTarget.current()?.focus();
  }, [when, latestTarget]);
  return useCallback(() => {
    pending.current = true;
  }, []);
}

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
  const expectFailure = useFocusWhen(shownError, () => retryRef.current ?? alertRef.current);
  return { alertRef, retryRef, expectFailure };
}

/**
 * Focus goes back to the button once it can take it: after the dialog is gone (while it is open the
 * page behind is inert), and after Try again, once the button is enabled again.
 */
export function useRefocusButton(canFocus: boolean): { buttonRef: React.RefObject<HTMLButtonElement | null>; refocusLater: () => void } {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocusLater = useFocusWhen(canFocus, () => buttonRef.current);
  return { buttonRef, refocusLater };
}
