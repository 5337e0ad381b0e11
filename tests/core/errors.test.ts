import { checkoutError, describeCause, toCheckoutError } from '../../src/core/errors';
import { loadStripeScript } from '../../src/stripe/scriptStore';
import { resetPage } from '../support/stripeStub';

describe('errors are sentences', () => {
  it.each<[unknown, string]>([
    [
      new TypeError("Cannot read properties of null (reading 'appendChild')"),
      "TypeError: Cannot read properties of null (reading 'appendChild')",
    ],
    [{ message: 'blocked by an extension' }, 'blocked by an extension'],
    ['quota exceeded', 'quota exceeded'],
    [{ reason: 42 }, 'an unexpected error'],
    [undefined, 'an unexpected error'],
  ])('describes %p as readable text', (thrown, text) => {
    expect(describeCause(thrown)).toBe(text);
  });

  it('maps anything thrown to the nearest code, with the original as cause', () => {
    const thrown = { weird: true };
    const error = toCheckoutError('session_failed', 'Starting the checkout failed unexpectedly', thrown);
    expect(error).toEqual({
      code: 'session_failed',
      message: 'Starting the checkout failed unexpectedly: an unexpected error.',
      cause: thrown,
    });
    expect(error.message).not.toContain('[object');
  });

  it('keeps a CheckoutError as it is', () => {
    const original = checkoutError('redirect_refused', 'Refused to redirect to http://evil.example.');
    expect(toCheckoutError('session_failed', 'ignored', original)).toBe(original);
  });
});

describe('the loader when the page throws where it touches it', () => {
  beforeEach(resetPage);

  it('ends rejected with a readable message and the original in cause', async () => {
    const boom = new TypeError('appendChild is not allowed here');
    const spy = jest.spyOn(document.head, 'appendChild').mockImplementation(() => {
      throw boom;
    });
    try {
      const result = await loadStripeScript({ publishableKey: 'pk_test_1', maxLoadAttempts: 1 });
      expect(result.state).toBe('rejected');
      expect(result.error?.code).toBe('script_load_failed');
      expect(result.error?.message).toMatch(/TypeError: appendChild is not allowed here/);
      expect(result.error?.message).not.toContain('[object');
      expect(result.error?.cause).toBe(boom);
    } finally {
      spy.mockRestore();
    }
  });
});
