import { clampCount, positiveOr } from '../../src/core/bounds';
import { clampAttempts, MAX_LOAD_ATTEMPTS } from '../../src/stripe/policy';
import { sessionTimeout, DEFAULT_SESSION_TIMEOUT_MS } from '../../src/checkout/policy';

describe('option bounds', () => {
  it.each([0, -1, NaN, Infinity, -Infinity, undefined])('a duration of %p falls back to the default', (value) => {
    expect(positiveOr(value, 1234)).toBe(1234);
    expect(sessionTimeout(value)).toBe(DEFAULT_SESSION_TIMEOUT_MS);
  });

  it('keeps a positive finite duration', () => {
    expect(positiveOr(250, 1234)).toBe(250);
  });

  it.each([
    [1e9, MAX_LOAD_ATTEMPTS],
    [Infinity, MAX_LOAD_ATTEMPTS],
    [0, 1],
    [-5, 1],
    [2.7, 2],
    [NaN, 3],
    [undefined, 3],
  ])('maxLoadAttempts %p becomes %p', (value, expected) => {
    expect(clampAttempts(value)).toBe(expected);
  });

  it('clamps any count into its range', () => {
    expect(clampCount(50, 1, 10, 3)).toBe(10);
  });
});
