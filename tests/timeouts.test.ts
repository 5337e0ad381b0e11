// "Never": a timeout above what a browser timer holds (2³¹−1 ms) means no timeout, not an
// immediate one. setTimeout (the browser's, and jest's fake one) runs a longer delay at once.
import { MAX_TIMER_MS, positiveOr } from '../src/core/bounds';
import { flowSettings } from '../src/checkout/policy';
import { requestSession } from '../src/checkout/session';
import { propsFromAttributes } from '../src/element/attributes';
import { loadStripeScript } from '../src/stripe/scriptStore';
import { answerWithStripe, currentTag, resetPage } from './support/stripeStub';

const NEVER = Number.MAX_SAFE_INTEGER;
const A_DAY = 24 * 60 * 60 * 1000;

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('a timeout above 2³¹−1 ms', () => {
  it('is no timeout; the largest a timer holds is kept as it is', () => {
    expect(positiveOr(NEVER, 1234)).toBe(Infinity);
    expect(positiveOr(MAX_TIMER_MS + 1, 1234)).toBe(Infinity);
    expect(positiveOr(MAX_TIMER_MS, 1234)).toBe(MAX_TIMER_MS);
  });

  it('loadTimeoutMs: the attempt waits as long as Stripe.js takes', async () => {
    const done = loadStripeScript({ publishableKey: 'pk_test_123', loadTimeoutMs: NEVER, maxLoadAttempts: 1 });
    await jest.advanceTimersByTimeAsync(A_DAY);
    answerWithStripe(currentTag());
    expect((await done).state).toBe('resolved');
  });

  it('sessionTimeoutMs: the session request is not cut short', async () => {
    const { sessionTimeoutMs } = flowSettings({ sessionTimeoutMs: NEVER });
    const createSession = () =>
      new Promise<{ url: string }>((resolve) => setTimeout(() => resolve({ url: 'https://checkout.stripe.com/c/1' }), A_DAY));
    const session = requestSession({ mode: 'redirect', createSession, timeoutMs: sessionTimeoutMs, signal: new AbortController().signal });
    await jest.advanceTimersByTimeAsync(A_DAY);
    await expect(session).resolves.toEqual({ url: 'https://checkout.stripe.com/c/1' });
  });

  it("the element's session-timeout-ms and load-timeout-ms attributes say the same", () => {
    const props = propsFromAttributes((name) => (name.endsWith('-timeout-ms') ? String(NEVER) : null));
    expect(flowSettings(props).sessionTimeoutMs).toBe(Infinity);
    expect(positiveOr(props.loadTimeoutMs, 10_000)).toBe(Infinity);
  });
});
