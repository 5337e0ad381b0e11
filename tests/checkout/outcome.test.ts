import { checkoutOutcome as runCheckout, type CheckoutRun } from '../../src/checkout/outcome';

function run(over: Partial<CheckoutRun>): CheckoutRun {
  return {
    mode: 'redirect',
    sessionTimeoutMs: 1_000,
    allowedCheckoutOrigins: ['https://checkout.stripe.com'],
    signal: new AbortController().signal,
    ...over,
  };
}

describe('checkoutOutcome', () => {
  it('ends in a redirect to a checked URL', async () => {
    const outcome = await runCheckout(run({ createSession: async () => ({ url: 'https://checkout.stripe.com/c/pay/1' }) }));
    expect(outcome).toEqual({ kind: 'redirect', url: 'https://checkout.stripe.com/c/pay/1' });
  });

  it('refuses a URL on another origin', async () => {
    const outcome = await runCheckout(run({ createSession: async () => ({ url: 'https://evil.example/pay' }) }));
    expect(outcome).toMatchObject({ kind: 'failed', error: { code: 'redirect_refused' } });
  });

  it('ends embedded mode with the client secret', async () => {
    const outcome = await runCheckout(run({ mode: 'embedded', createSession: async () => ({ clientSecret: 'cs_1_secret_2' }) }));
    expect(outcome).toEqual({ kind: 'embedded', clientSecret: 'cs_1_secret_2' });
  });

  it('turns a session failure into a value, never a rejection', async () => {
    const outcome = await runCheckout(run({ createSession: async () => Promise.reject('nope') }));
    expect(outcome).toMatchObject({ kind: 'failed', error: { code: 'session_failed' } });
  });

  it('says aborted, not failed, when the caller aborts', async () => {
    const caller = new AbortController();
    const pending = runCheckout(run({ signal: caller.signal, createSession: () => new Promise(() => {}) }));
    caller.abort();
    expect(await pending).toEqual({ kind: 'aborted' });
  });
});
