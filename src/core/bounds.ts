// Option bounds shared by the loader and the flow: a bad number falls back, it never breaks a load or a click.

/**
 * The longest delay a browser timer holds (2³¹−1 ms, about 24.8 days): setTimeout runs a longer one
 * at once. A duration above it (`Number.MAX_SAFE_INTEGER`, the natural way to say never) is no timeout.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A duration: a positive finite number, else the default (0 would fail every attempt at once);
 * above MAX_TIMER_MS, Infinity: no timeout (see `startTimer`).
 */
export function positiveOr(value: number | undefined, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return fallback;
  return value > MAX_TIMER_MS ? Infinity : value;
}

/** setTimeout for a duration from `positiveOr`: Infinity starts no timer (clearTimeout accepts the undefined). */
export function startTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout> | undefined {
  return Number.isFinite(ms) ? setTimeout(callback, Math.min(ms, MAX_TIMER_MS)) : undefined;
}

/** A count: a whole number within min..max; anything that is not a number gives the default. */
export function clampCount(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
