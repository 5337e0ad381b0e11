import { checkRedirectUrl } from '../../src/checkout/redirectUrl';

const ALLOWED = ['https://checkout.stripe.com'];

describe('checkRedirectUrl', () => {
  it('lets an https URL on an allowed origin through', () => {
    expect(checkRedirectUrl('https://checkout.stripe.com/c/pay/cs_test_a1#fid', ALLOWED)).toBeNull();
  });

  it.each([
    ['http:', 'http://checkout.stripe.com/c/pay/cs_test_a1'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['another origin', 'https://evil.example/c/pay/cs_test_a1'],
    ['a look-alike host', 'https://checkout.stripe.com.evil.example/pay'],
    ['another port', 'https://checkout.stripe.com:8443/pay'],
    ['a relative URL', '/c/pay/cs_test_a1'],
  ])('refuses %s', (_label, url) => {
    expect(checkRedirectUrl(url, ALLOWED)?.code).toBe('redirect_refused');
  });

  it('does not repeat the body of a javascript: URL in its message', () => {
    expect(checkRedirectUrl('javascript:steal()', ALLOWED)?.message).not.toContain('steal');
  });

  it('accepts allowed origins written with a path or a trailing slash', () => {
    expect(checkRedirectUrl('https://pay.example.com/x', ['https://pay.example.com/'])).toBeNull();
  });

  it('refuses an https URL when the allowed list holds only an http origin', () => {
    expect(checkRedirectUrl('https://pay.example.com/x', ['http://pay.example.com'])?.code).toBe('redirect_refused');
  });

  it('lets a loopback http origin through only when the host listed it (the offline checkout server)', () => {
    expect(checkRedirectUrl('http://127.0.0.1:4242/demo-checkout?session=cs_test_a1', ['http://127.0.0.1:4242'])).toBeNull();
    expect(checkRedirectUrl('http://localhost:4242/demo-checkout', ['http://localhost:4242/'])).toBeNull();
    expect(checkRedirectUrl('http://127.0.0.1:4242/demo-checkout', ALLOWED)?.code).toBe('redirect_refused');
    expect(checkRedirectUrl('http://127.0.0.1:4243/demo-checkout', ['http://127.0.0.1:4242'])?.code).toBe('redirect_refused');
    expect(checkRedirectUrl('http://shop.example/pay', ['http://shop.example'])?.code).toBe('redirect_refused');
    expect(checkRedirectUrl('http://127.0.0.1.evil.example/pay', ['http://127.0.0.1.evil.example'])?.code).toBe('redirect_refused');
  });
});
