// <checkout-button>'s callbacks as DOM events: bubbling and composed (they leave the element's shadow
// root), so a page listens on the element or anywhere above it.
import type { CheckoutButtonProps, CheckoutCompletion, CheckoutError, CheckoutEvent, ScriptState } from '../core/types';

/** Event name → `detail`. Only `checkout-redirect` is cancelable. */
export interface CheckoutElementEvents {
  'checkout-state': { state: ScriptState; error?: CheckoutError };
  'checkout-error': CheckoutError;
  'checkout-event': CheckoutEvent;
  'checkout-redirect': { url: string };
  'checkout-complete': CheckoutCompletion;
}

export type CheckoutElementEventName = keyof CheckoutElementEvents;

/** Dispatches one event; returns false when a listener called `preventDefault()`. */
export type Dispatch = <K extends CheckoutElementEventName>(name: K, detail: CheckoutElementEvents[K], cancelable?: boolean) => boolean;

export type EventProps = Required<Pick<CheckoutButtonProps, 'onStateChange' | 'onError' | 'onEvent' | 'onComplete' | 'redirect'>>;

/**
 * The button's callbacks, each one an event. `redirect`: `checkout-redirect` first; unless a listener
 * cancels it (to keep the page, as the `redirect` prop does), `leave(url)` (the page's location.assign).
 */
export function eventProps(dispatch: Dispatch, leave: (url: string) => void): EventProps {
  return {
    onStateChange: (state, error) => void dispatch('checkout-state', error ? { state, error } : { state }),
    onError: (error) => void dispatch('checkout-error', error),
    onEvent: (event) => void dispatch('checkout-event', event),
    onComplete: (completion) => void dispatch('checkout-complete', completion),
    redirect: (url) => {
      if (!dispatch('checkout-redirect', { url }, true)) return false;
      leave(url);
      return true;
    },
  };
}

/** `dispatch` for an element: CustomEvents that bubble and cross shadow roots. */
export function dispatcherFor(target: EventTarget): Dispatch {
  return (name, detail, cancelable = false) =>
    target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
}
