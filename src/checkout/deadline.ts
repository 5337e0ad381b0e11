// A callback at a moment on the page's monotonic clock (performance.now()), however far: a browser
// runs a setTimeout above MAX_TIMER_MS at once, so a far moment is reached through a chain of
// timers that each hold at most that long. The device's wall clock (Date.now()) plays no part: a
// person who sets it forward or back moves nothing here.
import { MAX_TIMER_MS } from '../core/bounds';

/** Calls `run` once `performance.now()` reaches `at` (at once if it has); returns the cancel. */
export function atMonotonic(at: number, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    const left = at - performance.now();
    if (left <= 0) return run();
    timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
  };
  timer = setTimeout(wait, 0);
  return () => clearTimeout(timer);
}
