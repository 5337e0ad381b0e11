import type { StripeScriptSnapshot } from '../../src/core/types';
import { getSnapshot, loadStripeScript, subscribe } from '../../src/stripe/scriptStore';
import { LOADING_STATE_ATTR, SETTLE_GRACE_MS, STRIPE_JS_URL } from '../../src/stripe/policy';
import {
  answerWithStripe,
  answerWithoutStripe,
  blockByCsp,
  currentTag,
  failNetwork,
  latestTag,
  requestEnded,
  resetPage,
  stripeTags,
} from '../support/stripeStub';

const KEY = 'pk_test_123';

function recordStates(): string[] {
  const seen: string[] = [];
  subscribe(() => seen.push(getSnapshot().state));
  return seen;
}

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('loadStripeScript', () => {
  it('requests nothing until asked', () => {
    expect(getSnapshot().state).toBe('initial');
    expect(stripeTags()).toHaveLength(0);
  });

  it('goes initial → pending → resolved and creates the instance for the key', async () => {
    const states = recordStates();
    const done = loadStripeScript({ publishableKey: KEY });
    expect(getSnapshot().state).toBe('pending');
    const tag = currentTag();
    expect(tag.src).toBe(STRIPE_JS_URL);
    expect(tag.async).toBe(true);
    expect(tag.getAttribute(LOADING_STATE_ATTR)).toBe('pending');
    const Stripe = answerWithStripe(tag);
    const result = await done;
    expect(result.state).toBe('resolved');
    expect(states).toEqual(['pending', 'resolved']);
    expect(Stripe).toHaveBeenCalledWith(KEY, {});
    expect(tag.getAttribute(LOADING_STATE_ATTR)).toBe('loaded');
  });

  it('shares one load and one tag among concurrent callers', async () => {
    const loads = Array.from({ length: 20 }, () => loadStripeScript({ publishableKey: KEY }));
    expect(stripeTags()).toHaveLength(1);
    answerWithStripe();
    const results = await Promise.all(loads);
    expect(new Set(results).size).toBe(1);
    expect(stripeTags()).toHaveLength(1);
  });

  it('stays resolved: later calls inject nothing', async () => {
    const first = loadStripeScript({ publishableKey: KEY });
    answerWithStripe();
    await first;
    await loadStripeScript({ publishableKey: KEY });
    expect(stripeTags()).toHaveLength(1);
  });

  it('uses a Stripe.js the page already has, without injecting', async () => {
    (window as unknown as { Stripe: unknown }).Stripe = Object.assign(
      jest.fn(() => ({})),
      { version: 'endive' },
    );
    const result = await loadStripeScript({ publishableKey: KEY });
    expect(result.state).toBe('resolved');
    expect(stripeTags()).toHaveLength(0);
  });

  it('puts the nonce on the tag', () => {
    void loadStripeScript({ publishableKey: KEY, nonce: 'abc123' });
    expect(currentTag().nonce).toBe('abc123');
  });

  it('retries a network error with backoff, one fresh tag per attempt, then rejects with script_load_failed', async () => {
    const states = recordStates();
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 3 });
    const seenTags = new Set<HTMLScriptElement>();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const tag = currentTag(); // exactly one tag at any time
      seenTags.add(tag);
      failNetwork(tag);
      await jest.advanceTimersByTimeAsync(0); // the error's verdict waits one task for a CSP report
      if (attempt < 3) {
        // Before the backoff has elapsed, no new request.
        expect(stripeTags().every((t) => t.getAttribute(LOADING_STATE_ATTR) === 'failed')).toBe(true);
        await jest.advanceTimersByTimeAsync(5_000);
      }
    }
    const result = await done;
    expect(seenTags.size).toBe(3);
    expect(result).toMatchObject({ state: 'rejected', error: { code: 'script_load_failed' } });
    expect(result.error!.message).toContain(STRIPE_JS_URL);
    expect(result.error!.message).toContain('3 attempts');
    expect(states).toEqual(['pending', 'rejected']);
  });

  it('waits at least half the backoff ceiling before the next attempt', async () => {
    void loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 2 });
    const first = currentTag();
    failNetwork(first);
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(240); // < BACKOFF_BASE_MS / 2
    expect(currentTag()).toBe(first);
    await jest.advanceTimersByTimeAsync(300);
    expect(currentTag()).not.toBe(first);
  });

  it('maxLoadAttempts: 1 makes exactly one request', async () => {
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    failNetwork();
    await jest.advanceTimersByTimeAsync(10_000);
    expect((await done).error?.code).toBe('script_load_failed');
    expect(stripeTags()).toHaveLength(1);
  });

  it('times out each attempt at loadTimeoutMs and rejects with script_timeout after the attempts', async () => {
    const done = loadStripeScript({ publishableKey: KEY, loadTimeoutMs: 1_000, maxLoadAttempts: 2 });
    await jest.advanceTimersByTimeAsync(999);
    expect(getSnapshot().state).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    const stalled = currentTag();
    expect(stalled.getAttribute(LOADING_STATE_ATTR)).toBe('timeout');
    await jest.advanceTimersByTimeAsync(500); // backoff
    // The stalled tag stays: its request may still answer, and a removed tag would still run.
    expect(stalled.isConnected).toBe(true);
    expect(latestTag().getAttribute(LOADING_STATE_ATTR)).toBe('pending');
    await jest.advanceTimersByTimeAsync(1_000);
    const result = await done;
    expect(result.error?.code).toBe('script_timeout');
    expect(result.error?.message).toContain('1000 ms');
  });

  it('a timed-out tag that answers late resolves the attempt in flight and is marked loaded', async () => {
    const done = loadStripeScript({ publishableKey: KEY, loadTimeoutMs: 1_000, maxLoadAttempts: 3 });
    await jest.advanceTimersByTimeAsync(1_000 + 500);
    const [stalled, retry] = stripeTags();
    answerWithStripe(stalled);
    expect((await done).state).toBe('resolved');
    expect(stalled.getAttribute(LOADING_STATE_ATTR)).toBe('loaded');
    expect(retry.getAttribute(LOADING_STATE_ATTR)).toBe('pending');
  });

  it('recovers within the attempts: a transient failure then success resolves with no user action', async () => {
    const states = recordStates();
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 3 });
    failNetwork();
    await jest.advanceTimersByTimeAsync(5_000);
    answerWithStripe();
    expect((await done).state).toBe('resolved');
    expect(states).toEqual(['pending', 'resolved']);
  });

  it('reports a CSP block as script_blocked and does not retry it', async () => {
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 3 });
    failNetwork(); // Chromium fires the tag's error and the violation
    blockByCsp();
    await jest.advanceTimersByTimeAsync(10_000);
    const result = await done;
    expect(result.error?.code).toBe('script_blocked');
    expect(result.error?.message).toContain('script-src https://js.stripe.com');
    expect(stripeTags()).toHaveLength(1);
  });

  it('ignores CSP reports about other resources', async () => {
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    const other = new Event('securitypolicyviolation');
    Object.assign(other, { blockedURI: 'https://fonts.example/font.woff', effectiveDirective: 'font-src' });
    document.dispatchEvent(other);
    answerWithStripe();
    expect((await done).state).toBe('resolved');
  });

  it('reports a script that defines no window.Stripe as stripe_unavailable', async () => {
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 3 });
    answerWithoutStripe();
    const result = await done;
    expect(result.error?.code).toBe('stripe_unavailable');
    expect(stripeTags()).toHaveLength(1);
  });

  it('reports an instance Stripe.js refuses to create as stripe_unavailable', async () => {
    const done = loadStripeScript({ publishableKey: KEY });
    (window as unknown as { Stripe: unknown }).Stripe = jest.fn(() => {
      throw new Error('IntegrationError');
    });
    currentTag().dispatchEvent(new Event('load'));
    expect((await done).error?.code).toBe('stripe_unavailable');
  });

  it('from rejected, a new call removes the dead tag and injects exactly one fresh one', async () => {
    const failed = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    const dead = currentTag();
    failNetwork(dead);
    await jest.advanceTimersByTimeAsync(0);
    expect((await failed).state).toBe('rejected');

    const states = recordStates();
    const retried = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    expect(dead.isConnected).toBe(false);
    const fresh = currentTag();
    expect(fresh).not.toBe(dead);
    answerWithStripe(fresh);
    expect((await retried).state).toBe('resolved');
    expect(states).toEqual(['pending', 'resolved']);
  });

  it("joins the page's own Stripe.js tag while its request is still open, instead of replacing it", async () => {
    const theirs = document.createElement('script');
    theirs.src = STRIPE_JS_URL;
    document.head.appendChild(theirs);
    const done = loadStripeScript({ publishableKey: KEY });
    expect(stripeTags()).toEqual([theirs]);
    expect(theirs.getAttribute(LOADING_STATE_ATTR)).toBe('pending');
    answerWithStripe(theirs);
    expect((await done).state).toBe('resolved');
  });

  it("replaces the page's own tag whose request ended without Stripe.js, after a grace for it to run", async () => {
    const dead = document.createElement('script');
    dead.src = STRIPE_JS_URL;
    document.head.appendChild(dead);
    const restore = requestEnded(STRIPE_JS_URL);
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    expect(dead.isConnected).toBe(true);
    await jest.advanceTimersByTimeAsync(SETTLE_GRACE_MS);
    restore();
    expect(dead.isConnected).toBe(false);
    answerWithStripe(currentTag());
    expect((await done).state).toBe('resolved');
  });

  it("uses the page's own tag whose request ended and whose script runs within the grace", async () => {
    const theirs = document.createElement('script');
    theirs.src = STRIPE_JS_URL;
    document.head.appendChild(theirs);
    const restore = requestEnded(STRIPE_JS_URL);
    const done = loadStripeScript({ publishableKey: KEY });
    answerWithStripe(theirs);
    await jest.advanceTimersByTimeAsync(SETTLE_GRACE_MS);
    restore();
    expect((await done).state).toBe('resolved');
    expect(stripeTags()).toEqual([theirs]);
  });

  it("joins a tag another loader on the page has in flight (another remote's copy)", async () => {
    const theirs = document.createElement('script');
    theirs.src = STRIPE_JS_URL;
    theirs.setAttribute(LOADING_STATE_ATTR, 'pending');
    document.head.appendChild(theirs);
    const done = loadStripeScript({ publishableKey: KEY });
    expect(stripeTags()).toEqual([theirs]);
    answerWithStripe(theirs);
    expect((await done).state).toBe('resolved');
  });

  it('a listener that retries on rejected starts a fresh load', async () => {
    const snapshots: StripeScriptSnapshot[] = [];
    let retried = false;
    subscribe(() => {
      snapshots.push(getSnapshot());
      if (getSnapshot().state === 'rejected' && !retried) {
        retried = true;
        void loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
      }
    });
    void loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    failNetwork();
    await jest.advanceTimersByTimeAsync(0);
    expect(snapshots.map((s) => s.state)).toEqual(['pending', 'rejected', 'pending']);
    expect(currentTag().getAttribute(LOADING_STATE_ATTR)).toBe('pending');
  });
});
