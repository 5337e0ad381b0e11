import { useCallback, useLayoutEffect } from 'react';
import type { CheckoutEvent, CheckoutEventListener } from '../core/types';
import { callHost } from '../core/hostCallback';
import { emitCheckoutEvent, isScriptEvent, subscribeCheckoutEvents, type CheckoutEventInput } from '../core/events';

/**
 * A button's telemetry: its `onEvent` hears the page's script events while it is mounted, and its own
 * flow events (not other buttons'). Returns the emitter for those flow events, which every
 * `subscribeCheckoutEvents` listener of the page hears too.
 */
export function useCheckoutEvents(latest: {
  readonly current: { onEvent?: CheckoutEventListener };
}): (input: CheckoutEventInput) => CheckoutEvent {
  // A layout effect: every button on the page is listening before any load trigger (a passive effect) runs.
  useLayoutEffect(
    () =>
      subscribeCheckoutEvents((event) => {
        if (isScriptEvent(event)) callHost(latest.current.onEvent, event);
      }),
    [latest],
  );
  return useCallback(
    (input: CheckoutEventInput) => {
      const event = emitCheckoutEvent(input);
      callHost(latest.current.onEvent, event);
      return event;
    },
    [latest],
  );
}
