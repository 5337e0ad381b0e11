// Listeners of the page's events that act on them: what they read and what they start must agree
// with the event they are hearing.
import { subscribeCheckoutEvents } from '../../src/core/events';
import { preloadStripe } from '../../src/stripe/preloadStripe';
import { getSnapshot, subscribe } from '../../src/stripe/scriptStore';
import type { CheckoutEvent } from '../../src/core/types';
import { answerWithStripe, failNetwork, latestTag, resetPage, stripeTags } from '../support/stripeStub';

const KEY = 'pk_test_123';

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('a listener of the events', () => {
  it('that retries on script_rejected gets a fresh attempt, which can resolve', async () => {
    let retry: ReturnType<typeof preloadStripe> | undefined;
    subscribeCheckoutEvents((event) => {
      if (event.type === 'script_rejected' && !retry) retry = preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    });
    const states: string[] = [];
    subscribe((snapshot) => states.push(snapshot.state));

    const first = preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    const dead = latestTag();
    failNetwork(dead);
    await jest.advanceTimersByTimeAsync(0);
    expect((await first).state).toBe('rejected');
    expect(retry).toBeDefined();
    expect(getSnapshot().state).toBe('pending');
    expect(dead.isConnected).toBe(false);
    expect(stripeTags()).toHaveLength(1);

    answerWithStripe(latestTag());
    expect((await retry!).state).toBe('resolved');
    expect(states).toEqual(['pending', 'rejected', 'pending', 'resolved']);
  });

  it('reads the state the event announces: pending on an attempt, resolved, rejected', async () => {
    const seen: string[] = [];
    subscribeCheckoutEvents((event: CheckoutEvent) => seen.push(`${event.type}:${getSnapshot().state}`));

    const failed = preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    failNetwork(latestTag());
    await jest.advanceTimersByTimeAsync(0);
    await failed;
    const resolved = preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    answerWithStripe(latestTag());
    await resolved;

    expect(seen).toEqual([
      'script_attempt:pending',
      'script_attempt_failed:pending',
      'script_rejected:rejected',
      'script_attempt:pending',
      'script_resolved:resolved',
    ]);
  });

  it('state listeners and event listeners both retrying: one fresh load, heard in order by each', async () => {
    const events: string[] = [];
    const states: string[] = [];
    subscribeCheckoutEvents((event) => {
      events.push(event.type);
      if (event.type === 'script_rejected') void preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    });
    subscribe((snapshot) => {
      states.push(snapshot.state);
      if (snapshot.state === 'rejected') void preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    });
    void preloadStripe({ publishableKey: KEY, maxLoadAttempts: 1 });
    failNetwork(latestTag());
    await jest.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['script_attempt', 'script_attempt_failed', 'script_rejected', 'script_attempt']);
    expect(states).toEqual(['pending', 'rejected', 'pending']);
    expect(stripeTags()).toHaveLength(1);
  });
});
