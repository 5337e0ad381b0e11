import { elementProps, OBSERVED_ATTRIBUTES, propsFromAttributes } from '../../src/element/attributes';

const reader = (attributes: Record<string, string>) => (name: string) => (name in attributes ? attributes[name] : null);

describe("<checkout-button>'s attributes as props", () => {
  it('maps every kebab-case attribute to its prop, with its type', () => {
    const props = propsFromAttributes(
      reader({
        'publishable-key': 'pk_test_abc',
        'session-endpoint': '/api/checkout',
        mode: 'embedded',
        'load-on': 'intent',
        'load-timeout-ms': '4000',
        'max-load-attempts': '2',
        'session-timeout-ms': '9000',
        'allowed-checkout-origins': ' https://checkout.stripe.com\n https://pay.example.com ',
        nonce: 'abc123',
        disabled: '',
        label: 'Pay 12 €',
        locale: 'fr-CA',
        'stripe-account': 'acct_123',
      }),
    );
    expect(props).toEqual({
      publishableKey: 'pk_test_abc',
      sessionEndpoint: '/api/checkout',
      mode: 'embedded',
      loadOn: 'intent',
      loadTimeoutMs: 4000,
      maxLoadAttempts: 2,
      sessionTimeoutMs: 9000,
      allowedCheckoutOrigins: ['https://checkout.stripe.com', 'https://pay.example.com'],
      nonce: 'abc123',
      disabled: true,
      children: 'Pay 12 €',
      stripeOptions: { locale: 'fr-CA', stripeAccount: 'acct_123' },
    });
  });

  it('observes exactly the attributes it maps', () => {
    expect([...OBSERVED_ATTRIBUTES].sort()).toEqual(
      [
        'allowed-checkout-origins',
        'disabled',
        'label',
        'load-on',
        'load-timeout-ms',
        'locale',
        'max-load-attempts',
        'mode',
        'nonce',
        'publishable-key',
        'session-endpoint',
        'session-timeout-ms',
        'stripe-account',
      ].sort(),
    );
  });

  it('gives undefined for an absent attribute, so removing one clears its prop (and disabled is false)', () => {
    const props = propsFromAttributes(reader({}));
    expect(Object.entries(props).filter(([, value]) => value !== undefined)).toEqual([
      ['disabled', false],
      ['stripeOptions', {}],
    ]);
    expect('publishableKey' in props && 'children' in props).toBe(true);
  });

  it('passes values through for the button to judge: an unknown mode, a number that is not one', () => {
    const props = propsFromAttributes(reader({ mode: 'popup', 'load-timeout-ms': 'soon', 'max-load-attempts': ' ', disabled: 'false' }));
    expect(props.mode).toBe('popup');
    expect(props.loadTimeoutMs).toBeNaN(); // the prop's default applies, as for a NaN prop
    expect(props.maxLoadAttempts).toBeUndefined(); // blank is absent, not 0 (which would clamp to 1)
    expect(props.disabled).toBe(true); // HTML's boolean attribute: present is true
  });

  it('merges the properties, the locale attribute winning over stripeOptions.locale', () => {
    const createSession = async () => ({ url: 'https://checkout.stripe.com/x' });
    const attributes = propsFromAttributes(reader({ 'publishable-key': 'pk_test_abc', locale: 'de' }));
    const props = elementProps(attributes, {
      createSession,
      messages: { buttonLabel: 'Go' },
      stripeOptions: { locale: 'fr', stripeAccount: 'acct_1' },
    });
    expect(props).toMatchObject({
      publishableKey: 'pk_test_abc',
      createSession,
      messages: { buttonLabel: 'Go' },
      stripeOptions: { locale: 'de', stripeAccount: 'acct_1' },
    });
    expect(elementProps(propsFromAttributes(reader({})), {}).stripeOptions).toBeUndefined();
  });
});
