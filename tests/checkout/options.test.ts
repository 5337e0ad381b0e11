import { checkOptions } from '../../src/checkout/options';

describe('checkOptions', () => {
  it('accepts the known values, and nothing given', () => {
    expect(checkOptions({})).toBeNull();
    expect(checkOptions({ mode: 'embedded', loadOn: 'idle' })).toBeNull();
    expect(checkOptions({ mode: 'redirect', loadOn: 'click' })).toBeNull();
    expect(checkOptions({ mode: 'wallets', loadOn: 'mount' })).toBeNull();
  });

  it('refuses an unknown mode or loadOn as invalid_option, naming the option and its values, not the value given', () => {
    const mode = checkOptions({ mode: 'sk_test_oops' });
    expect(mode).toEqual({
      code: 'invalid_option',
      message: 'mode must be one of "redirect", "embedded", "wallets", or left out for "redirect".',
    });
    const loadOn = checkOptions({ loadOn: 'hover' });
    expect(loadOn?.message).toBe('loadOn must be one of "mount", "idle", "intent", "click", or left out for "mount".');
    expect(checkOptions({ mode: 3 })?.code).toBe('invalid_option');
  });
});
