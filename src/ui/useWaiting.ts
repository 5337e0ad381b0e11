import { useEffect, useReducer } from 'react';
import { now } from '../core/events';

/** What a timer can hold (2³¹−1 ms): a longer wait re-arms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long until `until`, read now: in the effect that arms the timer as well as in render. */
const msLeft = (until: number | undefined): number => (until === undefined ? 0 : until - now());

/**
 * Whether `until` (on `now()`'s clock) is still ahead, re-rendering the moment it passes: the button
 * waits out the server's Retry-After and then says so, with no click needed to find out.
 */
export function useWaiting(until: number | undefined): boolean {
  const [tick, rerender] = useReducer((n: number) => n + 1, 0);
  // Armed again after each firing (`tick`): a timer that fired early, or a capped one, waits out the rest.
  useEffect(() => {
    const rest = msLeft(until);
    if (rest <= 0) return;
    const timer = setTimeout(rerender, Math.min(Math.ceil(rest), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [until, tick]);
  return msLeft(until) > 0;
}
