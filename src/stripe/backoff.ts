import { BACKOFF_BASE_MS, BACKOFF_MAX_MS } from './policy';

/** Delay before attempt `failedAttempts + 1`: full jitter over an exponential ceiling. */
export function backoffDelay(failedAttempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failedAttempts - 1));
  // Never zero: half the ceiling is guaranteed, the other half is jitter.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
