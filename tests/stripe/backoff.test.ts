import { backoffDelay } from '../../src/stripe/backoff';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS } from '../../src/stripe/policy';

describe('backoffDelay', () => {
  it('doubles its ceiling with each failed attempt', () => {
    const top = () => 1;
    expect(backoffDelay(1, top)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(2, top)).toBe(BACKOFF_BASE_MS * 2);
    expect(backoffDelay(3, top)).toBe(BACKOFF_BASE_MS * 4);
  });

  it('never exceeds the maximum', () => {
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_MAX_MS);
  });

  it('jitters between half and all of the ceiling, never zero', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelay(1, () => 0.5)).toBe(BACKOFF_BASE_MS * 0.75);
  });
});
