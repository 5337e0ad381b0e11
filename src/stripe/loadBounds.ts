import type { StripeLoadOptions } from '../types';
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_MAX_LOAD_ATTEMPTS, MAX_LOAD_ATTEMPTS } from './policy';

export interface LoadBounds {
  timeoutMs: number;
  maxAttempts: number;
}

/**
 * The load's limits from what a host passed: a timeout that is not a positive finite number falls
 * back to the default (0 would fail every attempt at once); attempts are clamped to 1..MAX_LOAD_ATTEMPTS
 * (1e9 would retry for ever), and a value that is not a number at all falls back to the default.
 */
export function loadBounds({ loadTimeoutMs, maxLoadAttempts }: Pick<StripeLoadOptions, 'loadTimeoutMs' | 'maxLoadAttempts'>): LoadBounds {
  const timeoutMs =
    typeof loadTimeoutMs === 'number' && Number.isFinite(loadTimeoutMs) && loadTimeoutMs > 0 ? loadTimeoutMs : DEFAULT_LOAD_TIMEOUT_MS;
  const maxAttempts =
    typeof maxLoadAttempts === 'number' && !Number.isNaN(maxLoadAttempts)
      ? Math.min(MAX_LOAD_ATTEMPTS, Math.max(1, Math.floor(maxLoadAttempts)))
      : DEFAULT_MAX_LOAD_ATTEMPTS;
  return { timeoutMs, maxAttempts };
}
