// After a timed-out attempt, the next tag asks for a URL of its own: Chromium would answer a tag for
// a URL it is still fetching from that stalled request (the e2e suite's F2 shows it in a browser).
import { loadStripeScript } from '../../src/stripe/scriptStore';
import { STRIPE_JS_URL } from '../../src/stripe/policy';
import { answerWithStripe, currentTag, failNetwork, latestTag, resetPage } from '../support/stripeStub';

const KEY = 'pk_test_123';

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the Stripe.js URL of each attempt', () => {
  it('after a timeout, each new attempt gets a URL of its own', async () => {
    const done = loadStripeScript({ publishableKey: KEY, loadTimeoutMs: 1_000, maxLoadAttempts: 3 });
    expect(currentTag().src).toBe(STRIPE_JS_URL);
    await jest.advanceTimersByTimeAsync(1_000 + 500); // timeout, then the backoff
    expect(latestTag().src).toBe(`${STRIPE_JS_URL}?retry=1`);
    await jest.advanceTimersByTimeAsync(1_000 + 1_000);
    expect(latestTag().src).toBe(`${STRIPE_JS_URL}?retry=2`);
    answerWithStripe(latestTag());
    expect((await done).state).toBe('resolved');
  });

  it('after a network error (the request is over), the retry keeps the canonical URL', async () => {
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 2 });
    failNetwork();
    await jest.advanceTimersByTimeAsync(500);
    expect(currentTag().src).toBe(STRIPE_JS_URL);
    answerWithStripe();
    expect((await done).state).toBe('resolved');
  });

  it('a fresh page starts from the canonical URL again', async () => {
    void loadStripeScript({ publishableKey: KEY, loadTimeoutMs: 1_000, maxLoadAttempts: 1 });
    await jest.advanceTimersByTimeAsync(1_000);
    resetPage();
    void loadStripeScript({ publishableKey: KEY });
    expect(currentTag().src).toBe(STRIPE_JS_URL);
  });
});
