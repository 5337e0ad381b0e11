import { checkPublishableKey } from '../../src/stripe/keys';

describe('checkPublishableKey', () => {
  it.each(['pk_test_51Habc', 'pk_live_51Habc_x9'])('accepts the publishable key %s', (key) => {
    expect(checkPublishableKey(key)).toBeNull();
  });

  it.each(['sk_test_51Hsecret', 'sk_live_51Hsecret', 'rk_live_51Hrestricted', ' sk_test_padded'])(
    'refuses the secret or restricted key %s without repeating it',
    (key) => {
      const error = checkPublishableKey(key);
      expect(error?.code).toBe('secret_key');
      expect(error?.message).not.toContain(key.trim());
    },
  );

  it.each(['', 'pk_', 'pk_prod_123', 'hello', 'pk_test_<script>'])('refuses the non-key %p', (key) => {
    expect(checkPublishableKey(key)?.code).toBe('invalid_key');
  });

  it('refuses a value that is not a string', () => {
    expect(checkPublishableKey(undefined)?.code).toBe('invalid_key');
  });
});
