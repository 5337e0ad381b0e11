import { useEffect, useRef } from 'react';
import type { CheckoutError, ScriptState, StateChangeListener, StripeScriptSnapshot } from '../core/types';
import { callHost } from '../core/hostCallback';
import { getSnapshot, subscribe } from '../stripe/scriptStore';

interface Callbacks {
  onStateChange?: StateChangeListener;
  onError?: (error: CheckoutError) => void;
}

/**
 * Tells the host every change of this button's script state, once each. `initial` is the starting
 * point and is not reported; `rejected` also goes to `onError`. It listens to the store itself
 * rather than to renders, which React may batch: a fast pending → resolved still reports both.
 * The ref survives StrictMode's double effects, so nothing is reported twice.
 */
export function useStateReporter(configError: CheckoutError | null, callbacks: { readonly current: Callbacks }): void {
  const last = useRef<{ state: ScriptState; error?: CheckoutError }>({ state: 'initial' });
  useEffect(() => {
    const report = (state: ScriptState, error?: CheckoutError) => {
      if (last.current.state === state && last.current.error === error) return;
      last.current = { state, error };
      callHost(callbacks.current.onStateChange, state, error);
      if (state === 'rejected' && error) callHost(callbacks.current.onError, error);
    };
    if (configError) {
      report('rejected', configError);
      return;
    }
    const fromStore = ({ state, error }: StripeScriptSnapshot) => report(state, error);
    fromStore(getSnapshot());
    return subscribe(fromStore);
  }, [configError, callbacks]);
}
