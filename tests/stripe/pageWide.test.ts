// The loader in pages that are not ours: Trusted Types, a page that throws where we touch it, the
// network coming back, two copies of the remote on one page.
import { getSnapshot, loadStripeScript } from '../../src/stripe/scriptStore';
import { STRIPE_JS_URL, TRUSTED_TYPES_POLICY } from '../../src/stripe/policy';
import { answerWithStripe, currentTag, failNetwork, resetPage, stripeTags } from '../support/stripeStub';

const KEY = 'pk_test_123';
type TTWindow = { trustedTypes?: unknown };

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (window as TTWindow).trustedTypes;
});

describe('Trusted Types', () => {
  it(`sets the script URL through the ${TRUSTED_TYPES_POLICY} policy, created once per page`, async () => {
    const created: string[] = [];
    const createPolicy = jest.fn((_name: string, rules: { createScriptURL(u: string): string }) => ({
      createScriptURL: (url: string) => {
        created.push(url);
        return rules.createScriptURL(url);
      },
    }));
    (window as TTWindow).trustedTypes = { createPolicy };
    const first = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    failNetwork();
    await jest.advanceTimersByTimeAsync(0);
    await first;
    const second = loadStripeScript({ publishableKey: KEY });
    answerWithStripe();
    expect((await second).state).toBe('resolved');
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0][0]).toBe(TRUSTED_TYPES_POLICY);
    expect(created).toEqual([STRIPE_JS_URL, STRIPE_JS_URL]);
  });

  it('the policy vouches for Stripe.js only', () => {
    let rules: { createScriptURL(u: string): string } | undefined;
    (window as TTWindow).trustedTypes = {
      createPolicy: (_: string, r: typeof rules) => {
        rules = r;
        return { createScriptURL: (u: string) => r!.createScriptURL(u) };
      },
    };
    void loadStripeScript({ publishableKey: KEY });
    expect(() => rules!.createScriptURL('https://evil.example/x.js')).toThrow(TypeError);
    expect(rules!.createScriptURL(`${STRIPE_JS_URL}?retry=1`)).toBe(`${STRIPE_JS_URL}?retry=1`);
  });

  it('a page that does not allow the policy: script_blocked naming Trusted Types and the policy, no tag, no retry', async () => {
    const createPolicy = jest.fn(() => {
      throw new TypeError(`Failed to execute 'createPolicy' on 'TrustedTypePolicyFactory': Policy "${TRUSTED_TYPES_POLICY}" disallowed.`);
    });
    (window as TTWindow).trustedTypes = { createPolicy };
    const result = await loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 3 });
    expect(result.error?.code).toBe('script_blocked');
    expect(result.error?.message).toMatch(/^Trusted Types blocked/);
    expect(result.error?.message).toContain(`trusted-types ${TRUSTED_TYPES_POLICY}`);
    expect(result.error?.cause).toBeInstanceOf(TypeError);
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(stripeTags()).toHaveLength(0);
  });
});

describe('a page that throws where the loader touches it', () => {
  it('appendChild throwing a TypeError: script_load_failed with a sentence, the TypeError as cause', async () => {
    const thrown = new TypeError('appendChild is locked down on this page');
    jest.spyOn(document.head, 'appendChild').mockImplementation(() => {
      throw thrown;
    });
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    const result = await done;
    expect(result.state).toBe('rejected');
    expect(result.error).toMatchObject({ code: 'script_load_failed', cause: thrown });
    expect(result.error!.message).toBe(
      `Could not add the script tag for ${STRIPE_JS_URL} to the page: TypeError: appendChild is locked down on this page. Gave up after 1 attempt in 0.0 s.`,
    );
    expect(result.error!.message).not.toContain('[object Object]');
  });

  it('creating the instance throwing a non-Error: stripe_unavailable with a sentence', async () => {
    const done = loadStripeScript({ publishableKey: KEY });
    (window as unknown as { Stripe: unknown }).Stripe = jest.fn(() => {
      throw { reason: 'not an Error' };
    });
    currentTag().dispatchEvent(new Event('load'));
    const { error } = await done;
    expect(error?.code).toBe('stripe_unavailable');
    expect(error?.message).toBe('Stripe.js is loaded but could not create an instance: an unexpected error.');
  });
});

describe('bounds', () => {
  it('maxLoadAttempts: 1e9 stops after 10 requests', async () => {
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1e9 });
    let requests = 0;
    while (getSnapshot().state === 'pending' && requests < 50) {
      requests++;
      failNetwork(currentTag());
      await jest.advanceTimersByTimeAsync(5_000);
    }
    expect((await done).error?.message).toContain('10 attempts');
    expect(requests).toBe(10);
  });
});

describe('back online', () => {
  it('after script_load_failed, the online event starts exactly one fresh load', async () => {
    const failed = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    failNetwork();
    await jest.advanceTimersByTimeAsync(0);
    expect((await failed).state).toBe('rejected');

    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(getSnapshot().state).toBe('pending');
    expect(stripeTags()).toHaveLength(1);
    answerWithStripe();
    await jest.advanceTimersByTimeAsync(0);
    expect(getSnapshot().state).toBe('resolved');
    window.dispatchEvent(new Event('online'));
    expect(stripeTags()).toHaveLength(1);
  });

  it('after script_blocked, being online changes nothing', async () => {
    (window as TTWindow).trustedTypes = {
      createPolicy: () => {
        throw new TypeError('disallowed');
      },
    };
    expect((await loadStripeScript({ publishableKey: KEY })).error?.code).toBe('script_blocked');
    window.dispatchEvent(new Event('online'));
    expect(getSnapshot().state).toBe('rejected');
  });
});

describe('two copies of the remote on one page', () => {
  it('share one load, one tag and one instance per key (the state lives on the window)', async () => {
    let copyA!: typeof import('../../src/stripe/preloadStripe');
    let copyB!: typeof import('../../src/stripe/preloadStripe');
    jest.isolateModules(() => {
      copyA = require('../../src/stripe/preloadStripe');
    });
    jest.isolateModules(() => {
      copyB = require('../../src/stripe/preloadStripe');
    });
    expect(copyA.preloadStripe).not.toBe(copyB.preloadStripe);
    const a = copyA.preloadStripe({ publishableKey: KEY });
    const b = copyB.preloadStripe({ publishableKey: KEY });
    expect(stripeTags()).toHaveLength(1);
    const Stripe = answerWithStripe();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.state === 'resolved' && rb.state === 'resolved' && ra.stripe === rb.stripe).toBe(true);
    expect(Stripe).toHaveBeenCalledTimes(1);
  });
});
