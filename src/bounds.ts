// Option bounds shared by the loader and the flow: a bad number falls back, it never breaks a load or a click.

/** A duration: a positive finite number, else the default (0 would fail every attempt at once). */
export function positiveOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A count: a whole number within min..max; anything that is not a number gives the default. */
export function clampCount(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
