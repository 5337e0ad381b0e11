import { sessionRequestBody } from '../../src/checkout/requestBody';
import { sessionBodyError } from '../../src/checkout/sessionBody';

describe('sessionRequestBody', () => {
  it("adds the button's mode to the host's fields", () => {
    expect(sessionRequestBody({ productId: 'coffee-beans-1kg' }, 'redirect')).toEqual({
      body: { productId: 'coffee-beans-1kg', mode: 'redirect' },
    });
    expect(sessionRequestBody({ cart: { items: [{ sku: 'tee', qty: 2 }] } }, 'embedded')).toEqual({
      body: { cart: { items: [{ sku: 'tee', qty: 2 }] }, mode: 'embedded' },
    });
  });

  it('sends { mode } alone when there is no sessionBody', () => {
    expect(sessionRequestBody(undefined, 'embedded')).toEqual({ body: { mode: 'embedded' } });
  });

  it("keeps mode reserved: the button's wins over one in sessionBody", () => {
    expect(sessionRequestBody({ productId: 'p', mode: 'embedded' }, 'redirect')).toEqual({ body: { productId: 'p', mode: 'redirect' } });
  });

  it('takes what JSON carries: a nested toJSON applied, undefined fields dropped, an object without prototype', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { id: 1 });
    expect(sessionRequestBody({ at: new Date(0), gone: undefined }, 'redirect')).toEqual({
      body: { at: '1970-01-01T00:00:00.000Z', mode: 'redirect' },
    });
    expect(sessionRequestBody(bare, 'redirect')).toEqual({ body: { id: 1, mode: 'redirect' } });
  });

  it('refuses anything but a plain JSON object as invalid_option, naming the prop and not the value', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    class Cart {
      id = 'sk_test_mistake';
    }
    const cases: Array<[unknown, string]> = [
      ['sk_test_mistake', 'it is a string'],
      [null, 'it is null'],
      [['p'], 'it is an array'],
      [42, 'it is a number'],
      [new Cart(), 'it is an instance of a class'],
      [new Map(), 'it is an instance of a class'],
      [cycle, 'JSON cannot carry it (a cycle or a BigInt)'],
      [{ n: BigInt(1) }, 'JSON cannot carry it (a cycle or a BigInt)'],
      [{ toJSON: () => 'text' }, 'its toJSON does not give an object'],
    ];
    for (const [value, why] of cases) {
      const result = sessionRequestBody(value, 'redirect');
      expect(result).toEqual({
        error: {
          code: 'invalid_option',
          message: `sessionBody must be a plain JSON object (e.g. { productId: "…" }) or left out; ${why}.`,
        },
      });
      expect(JSON.stringify(result)).not.toContain('sk_test_mistake');
    }
  });
});

describe('sessionBodyError', () => {
  it('is null for no body and for a plain object', () => {
    expect(sessionBodyError(undefined)).toBeNull();
    expect(sessionBodyError({ productId: 'p' })).toBeNull();
  });

  it('gives the same error for the same mistake, so a body rebuilt each render is one failure, not many', () => {
    expect(sessionBodyError('a')).toBe(sessionBodyError('b'));
    expect(sessionBodyError(['a'])).not.toBe(sessionBodyError('a'));
  });
});
