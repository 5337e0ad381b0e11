import { act, render, screen } from '@testing-library/react';
import { getStripeScriptState, preloadStripe, subscribeStripeScript, useStripeScript } from '../../src/exposes/stripeScript';
import { answerWithStripe, failNetwork, latestTag, resetPage, stripeTags } from '../support/stripeStub';

beforeEach(() => resetPage());

describe('the exposed stripeScript module', () => {
  it('preloadStripe resolves with the instance; state and listeners follow', async () => {
    const seen: string[] = [];
    const stop = subscribeStripeScript((state, error) => seen.push(error ? `${state}:${error.code}` : state));
    const loading = preloadStripe({ publishableKey: 'pk_test_pre' });
    expect(getStripeScriptState()).toBe('pending');
    const Stripe = answerWithStripe();
    const result = await loading;
    expect(result.state).toBe('resolved');
    expect(result.state === 'resolved' && result.stripe).toBe(Stripe.mock.results[0].value);
    expect(seen).toEqual(['pending', 'resolved']);
    stop();
  });

  it('preloadStripe never rejects: a failure is a rejected result', async () => {
    const loading = preloadStripe({ publishableKey: 'pk_test_pre', maxLoadAttempts: 1 });
    failNetwork();
    await expect(loading).resolves.toMatchObject({ state: 'rejected', error: { code: 'script_load_failed' } });
  });

  it('preloadStripe refuses a secret key before any request, leaving the page state alone', async () => {
    await expect(preloadStripe({ publishableKey: 'sk_live_abc' })).resolves.toMatchObject({
      state: 'rejected',
      error: { code: 'secret_key' },
    });
    expect(stripeTags()).toHaveLength(0);
    expect(getStripeScriptState()).toBe('initial');
  });

  it('one Stripe instance per key and options', async () => {
    const first = preloadStripe({ publishableKey: 'pk_test_a' });
    const Stripe = answerWithStripe();
    const a1 = await first;
    const a2 = await preloadStripe({ publishableKey: 'pk_test_a' });
    const b = await preloadStripe({ publishableKey: 'pk_test_b' });
    const aDe = await preloadStripe({ publishableKey: 'pk_test_a', stripeOptions: { locale: 'de' } });
    const stripeOf = (r: typeof a1) => (r.state === 'resolved' ? r.stripe : null);
    expect(stripeOf(a1)).toBe(stripeOf(a2));
    expect(stripeOf(b)).not.toBe(stripeOf(a1));
    expect(stripeOf(aDe)).not.toBe(stripeOf(a1));
    expect(Stripe.mock.calls).toEqual([
      ['pk_test_a', {}],
      ['pk_test_b', {}],
      ['pk_test_a', { locale: 'de' }],
    ]);
  });

  it('a listener that retries on rejected costs the other listeners no state', async () => {
    const retrying: string[] = [];
    const other: string[] = [];
    subscribeStripeScript((state) => {
      retrying.push(state);
      if (state === 'rejected' && retrying.filter((s) => s === 'rejected').length === 1)
        void preloadStripe({ publishableKey: 'pk_test_retry', maxLoadAttempts: 1 });
    });
    const errors: string[] = [];
    subscribeStripeScript((state, error) => {
      other.push(state);
      if (error) errors.push(error.code);
    });
    const loading = preloadStripe({ publishableKey: 'pk_test_retry', maxLoadAttempts: 1 });
    failNetwork();
    await loading;
    expect(retrying).toEqual(['pending', 'rejected', 'pending']);
    expect(other).toEqual(['pending', 'rejected', 'pending']);
    expect(errors).toEqual(['script_load_failed']);
    answerWithStripe(latestTag());
    await preloadStripe({ publishableKey: 'pk_test_retry' });
    expect(other).toEqual(['pending', 'rejected', 'pending', 'resolved']);
  });

  it('useStripeScript follows the page state', async () => {
    function Status() {
      const { state, error } = useStripeScript();
      return <output>{error ? `${state} ${error.code}` : state}</output>;
    }
    render(<Status />);
    expect(screen.getByRole('status')).toHaveTextContent('initial');
    await act(async () => {
      const loading = preloadStripe({ publishableKey: 'pk_test_hook', maxLoadAttempts: 1 });
      failNetwork();
      await loading;
    });
    expect(screen.getByRole('status')).toHaveTextContent('rejected script_load_failed');
  });
});
