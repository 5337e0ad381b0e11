import { describeThrown, toCheckoutError } from '../src/errors';

describe('describeThrown', () => {
  it.each([
    [new TypeError('appendChild is not allowed'), 'TypeError: appendChild is not allowed'],
    [new Error('plain'), 'plain'],
    [{ message: 'an error-like object' }, 'an error-like object'],
    ['a string', 'a string'],
    [{ some: 'object' }, 'a value of type object'],
    [undefined, '(undefined)'],
    [42, 'a value of type number'],
  ])('%p reads as %p, never "[object Object]"', (thrown, text) => {
    expect(describeThrown(thrown)).toBe(text);
  });
});

describe('toCheckoutError', () => {
  it('keeps one of ours as it is', () => {
    const ours = { code: 'script_timeout' as const, message: 'No answer.' };
    expect(toCheckoutError(ours, 'script_load_failed', 'Loading')).toBe(ours);
  });

  it('maps anything else to the given code, with a sentence and the original as cause', () => {
    const thrown = new TypeError('x is not a function');
    expect(toCheckoutError(thrown, 'script_load_failed', 'Loading Stripe.js')).toEqual({
      code: 'script_load_failed',
      message: 'Loading Stripe.js failed: TypeError: x is not a function.',
      cause: thrown,
    });
  });
});
