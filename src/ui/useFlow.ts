import { useCallback, useRef, useState } from 'react';
import { flowReducer, IDLE, type FlowAction, type FlowState } from '../checkout/flow';

/**
 * The click flow as React state. Unlike useReducer's dispatch, this one says at once whether the
 * reducer took the action: two clicks in one tick both run before React re-renders, and only the
 * first may start a session.
 */
export function useFlow(): [FlowState, (action: FlowAction) => boolean] {
  const [state, setState] = useState<FlowState>(IDLE);
  const current = useRef(state);
  const dispatch = useCallback((action: FlowAction) => {
    const next = flowReducer(current.current, action);
    if (next === current.current) return false;
    current.current = next;
    setState(next);
    return true;
  }, []);
  return [state, dispatch];
}
