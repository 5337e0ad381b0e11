// The page's record of what happened, outside React so that the remote's loading (which starts
// before the first render) is recorded too. The status panel subscribes to it.
//
// Debugging hook: every callback of every CheckoutButton is also pushed to
// `window.__checkoutEvents` ({ type: 'state' | 'error' | 'complete', state?, code?, message?, t,
// button }), and every step of the remote's loading to `window.__remoteEvents`. Read them in
// devtools, or from a browser test.
import type { CheckoutButtonProps, CheckoutError, ScriptState } from '../remote/checkoutTypes';
import type { RemoteEvent } from '../remote/registerCheckoutRemote';
import { initialTimeline, timelineReducer, type TimelineAction, type TimelineState } from './timeline';

export interface CheckoutEvent {
  type: 'state' | 'error' | 'complete';
  state?: ScriptState;
  code?: CheckoutError['code'];
  message?: string;
  /** Milliseconds since the page started loading. */
  t: number;
  /** Which button (0-based) reported it. */
  button: number;
}

export type RecordedRemoteEvent = RemoteEvent & { t: number };

declare global {
  interface Window {
    __checkoutEvents?: CheckoutEvent[];
    __remoteEvents?: RecordedRemoteEvent[];
  }
}

export function pageTime(): number {
  return Math.round(performance.now());
}

export interface StatusStore {
  getSnapshot(): TimelineState;
  subscribe(listener: () => void): () => void;
  dispatch(action: TimelineAction): void;
  /** The props that report a button's callbacks here. */
  callbacksFor(button: number): Required<Pick<CheckoutButtonProps, 'onStateChange' | 'onError' | 'onComplete'>>;
  /** Records a step of the remote's loading. */
  remoteEvent(event: RemoteEvent): void;
}

export function createStatusStore(target: Window = window, now: () => number = pageTime): StatusStore {
  let state = initialTimeline;
  const listeners = new Set<() => void>();
  const checkoutEvents = (target.__checkoutEvents ??= []);
  const remoteEvents = (target.__remoteEvents ??= []);

  const dispatch = (action: TimelineAction) => {
    state = timelineReducer(state, action);
    listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch,
    callbacksFor(button) {
      return {
        onStateChange(scriptState, error) {
          const t = now();
          checkoutEvents.push({ type: 'state', state: scriptState, code: error?.code, message: error?.message, t, button });
          dispatch({ type: 'stateChange', t, state: scriptState, error: error && { code: error.code, message: error.message }, button });
        },
        onError(error) {
          const t = now();
          checkoutEvents.push({ type: 'error', code: error.code, message: error.message, t, button });
          dispatch({ type: 'error', t, error: { code: error.code, message: error.message }, button });
        },
        onComplete() {
          const t = now();
          checkoutEvents.push({ type: 'complete', t, button });
          dispatch({ type: 'complete', t, button });
        },
      };
    },
    remoteEvent(event) {
      const t = now();
      remoteEvents.push({ ...event, t });
      switch (event.type) {
        case 'loading':
          return dispatch({ type: 'remote', t, status: 'loading', attempt: event.attempt, attempts: event.attempts });
        case 'attempt-failed': {
          // The last attempt's failure is told by the 'failed' event that follows.
          const { failure } = event;
          if (failure.retryInMs === undefined) return;
          const detail = `attempt ${failure.attempt}/${failure.attempts} failed, retrying in ${failure.retryInMs} ms. ${failure.message}`;
          return dispatch({ type: 'remote', t, status: 'retrying', attempt: failure.attempt + 1, attempts: failure.attempts, detail });
        }
        case 'loaded':
          return dispatch({ type: 'remote', t, status: 'loaded', detail: `in ${event.ms} ms` });
        case 'failed':
          return dispatch({ type: 'remote', t, status: 'failed', detail: event.message });
      }
    },
  };
}
