import { loadBounds } from '../../src/stripe/loadBounds';
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_MAX_LOAD_ATTEMPTS, MAX_LOAD_ATTEMPTS } from '../../src/stripe/policy';

describe('loadBounds', () => {
  it.each([
    [1e9, MAX_LOAD_ATTEMPTS],
    [Infinity, MAX_LOAD_ATTEMPTS],
    [11, 10],
    [10, 10],
    [2.7, 2],
    [1, 1],
    [0, 1],
    [-3, 1],
    [NaN, DEFAULT_MAX_LOAD_ATTEMPTS],
    [undefined, DEFAULT_MAX_LOAD_ATTEMPTS],
  ])('maxLoadAttempts %p → %p attempts', (given, attempts) => {
    expect(loadBounds({ maxLoadAttempts: given }).maxAttempts).toBe(attempts);
  });

  it.each([0, -1, NaN, Infinity, -Infinity, undefined])('loadTimeoutMs %p falls back to the default', (given) => {
    expect(loadBounds({ loadTimeoutMs: given }).timeoutMs).toBe(DEFAULT_LOAD_TIMEOUT_MS);
  });

  it('keeps a positive finite timeout', () => {
    expect(loadBounds({ loadTimeoutMs: 250 }).timeoutMs).toBe(250);
  });
});
