import { checkoutSessionId } from '../../src/checkout/sessionId';

describe("a Checkout Session's id from its client secret", () => {
  it('the id before `_secret_`, never the secret part', () => {
    expect(checkoutSessionId('cs_test_a1B2c3_secret_x9Y8')).toBe('cs_test_a1B2c3');
    expect(checkoutSessionId('cs_live_Zz_secret_q')).toBe('cs_live_Zz');
  });

  it("not a Checkout Session's secret: no id, and nothing of it passed on", () => {
    expect(checkoutSessionId('pi_123_secret_abc')).toBe('');
    expect(checkoutSessionId('cs_test_without_the_marker')).toBe('');
  });
});
