import { useEffect, useMemo } from 'react';
import type { LoadOn } from '../core/types';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** Load at the latest this long after mount with `loadOn="idle"`, even on a page that is never idle. */
const IDLE_DEADLINE_MS = 2_000;

export interface IntentHandlers {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onTouchStart?: () => void;
}

/**
 * Starts the load when `loadOn` says: on mount, when the page is idle, on the first sign of intent
 * (pointer, focus, touch), or on click (the caller does that one). Under StrictMode the effect runs
 * twice; the store shares the load in flight, so that is still one request.
 */
export function useLoadTrigger(loadOn: LoadOn, load: () => void, enabled: boolean): IntentHandlers {
  useEffect(() => {
    if (!enabled) return;
    if (loadOn === 'mount') {
      load();
      return;
    }
    if (loadOn !== 'idle') return;
    const w = window as IdleWindow;
    if (w.requestIdleCallback && w.cancelIdleCallback) {
      const id = w.requestIdleCallback(load, { timeout: IDLE_DEADLINE_MS });
      return () => w.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 1);
    return () => clearTimeout(id);
  }, [loadOn, load, enabled]);

  return useMemo(
    () => (loadOn === 'intent' && enabled ? { onPointerEnter: load, onFocus: load, onTouchStart: load } : {}),
    [loadOn, load, enabled],
  );
}
