// Demo-only: what the host hears, put on the window for the browser tests (tests/e2e) to read:
// `window.__events` (each button's onStateChange, onError, onComplete; the slot's remote failure),
// `window.__unmount()` (the whole page's React tree) and `window.__loadRemote` (the remote's other modules).
import type { Root } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { CheckoutButtonProps, CheckoutErrorCode, ScriptState } from '../../src/core/types';

export type HostEvent =
  | { kind: 'state'; button: number; state: ScriptState; code?: CheckoutErrorCode; message?: string; t: number }
  | { kind: 'error'; button: number; code: CheckoutErrorCode; message: string; retryAfterMs?: number; t: number }
  | { kind: 'remote'; status: 'failed'; message: string; t: number }
  | { kind: 'complete'; button: number; sessionId: string; t: number }
  | { kind: 'unmounted'; t: number };

interface RecorderWindow {
  __events: HostEvent[];
  __unmount: () => void;
  __loadRemote: typeof loadRemote;
}

const host = window as unknown as RecorderWindow;
host.__events = [];
host.__loadRemote = loadRemote;

const now = () => Math.round(performance.now());

const record = (event: HostEvent) => void host.__events.push(event);

export function recordRemoteFailure(error: Error): void {
  record({ kind: 'remote', status: 'failed', message: error.message, t: now() });
}

type Callbacks = Pick<CheckoutButtonProps, 'onStateChange' | 'onError' | 'onComplete'>;

/** Button `button`'s callbacks, recorded, then handed on to the demo's own. */
export function recorded(button: number, own: Callbacks = {}): Callbacks {
  return {
    onStateChange: (state, error) => {
      record({ kind: 'state', button, state, code: error?.code, message: error?.message, t: now() });
      own.onStateChange?.(state, error);
    },
    onError: (error) => {
      const { code, message, retryAfterMs } = error;
      record({ kind: 'error', button, code, message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }), t: now() });
      own.onError?.(error);
    },
    onComplete: (completion) => {
      record({ kind: 'complete', button, sessionId: completion.sessionId, t: now() });
      own.onComplete?.(completion);
    },
  };
}

export function exposeUnmount(root: Root): void {
  host.__unmount = () => {
    root.unmount();
    record({ kind: 'unmounted', t: now() });
  };
}
