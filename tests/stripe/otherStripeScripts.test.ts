// js.stripe.com serves more than Stripe.js (the pricing table, the buy button). Only Stripe.js's own
// URLs are Stripe.js; the page's choice on advanced fraud signals is kept on the tags we add.
import { loadStripeScript } from '../../src/stripe/scriptStore';
import { LOADING_STATE_ATTR, STRIPE_JS_URL } from '../../src/stripe/policy';
import { isStripeJsUrl, stripeJsUrl } from '../../src/stripe/stripeJsUrl';
import { answerWithStripe, failNetwork, requestEnded, resetPage } from '../support/stripeStub';

const KEY = 'pk_test_123';
const PRICING_TABLE = 'https://js.stripe.com/v3/pricing-table.js';
const BUY_BUTTON = 'https://js.stripe.com/v3/buy-button.js';

function pageTag(src: string): HTMLScriptElement {
  const tag = document.createElement('script');
  tag.src = src;
  document.head.appendChild(tag);
  return tag;
}

/** The tags we added (the loader marks every tag it adds or joins). */
function markedTags(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>(`script[${LOADING_STATE_ATTR}]`));
}

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
  document.querySelectorAll('script').forEach((tag) => tag.remove());
});
afterEach(() => {
  jest.useRealTimers();
});

describe('which scripts are Stripe.js', () => {
  // @stripe/stripe-js's own cases (its src/shared.test.ts, findScript), and Stripe's other scripts.
  it.each<[string, boolean]>([
    ['https://js.stripe.com/v3?advancedFraudSignals=true', true],
    ['https://js.stripe.com/v3', true],
    ['https://js.stripe.com/v3/', true],
    ['https://js.stripe.com/v3/stripe.js', true],
    ['https://js.stripe.com/v2/stripe.js', false],
    ['https://js.stripe.com/versionname/stripe.js', true],
    ['https://js.stripe.com/endive/stripe.js', true],
    ['https://js.stripe.com/versionname/', false],
    ['https://js.stripe.com/versionname', false],
    ['https://js.stripe.com/v2/', false],
    ['https://js.stripe.com/v2', false],
    ['https://js.stripe.com/v3?advancedFraudSignals=false', true],
    ['https://js.stripe.com/v3?ab=cd', true],
    ['https://js.stripe.com/v3/something.js', false],
    ['https://js.stripe.com/v3/something.js?advancedFraudSignals=false', false],
    ['https://js.stripe.com/v3/something.js?ab=cd', false],
    ['https://js.stripe.com/versionname/stripe.js?ab=cd', true],
    [PRICING_TABLE, false],
    [BUY_BUTTON, false],
    ['https://js.stripe.com/endive/stripe.js?retry=2', true],
  ])('%s → %p', (url, expected) => {
    expect(isStripeJsUrl(url)).toBe(expected);
  });

  it('our tag URLs: canonical, then with the page choice and the retry number', () => {
    expect(stripeJsUrl({ stalledAttempts: 0, fraudSignalsOff: false })).toBe(STRIPE_JS_URL);
    expect(stripeJsUrl({ stalledAttempts: 0, fraudSignalsOff: true })).toBe(`${STRIPE_JS_URL}?advancedFraudSignals=false`);
    expect(stripeJsUrl({ stalledAttempts: 2, fraudSignalsOff: true })).toBe(`${STRIPE_JS_URL}?advancedFraudSignals=false&retry=2`);
  });
});

describe("the page's other Stripe scripts", () => {
  it('a pricing table still loading is not joined: Stripe.js is requested, and resolves', async () => {
    const pricing = pageTag(PRICING_TABLE);
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    const ours = markedTags();
    expect(ours.map((t) => t.src)).toEqual([STRIPE_JS_URL]);
    expect(pricing.hasAttribute(LOADING_STATE_ATTR)).toBe(false);
    answerWithStripe(ours[0]);
    expect((await done).state).toBe('resolved');
  });

  it('a buy button that loaded (its request over, no window.Stripe) stays in the page', async () => {
    const buyButton = pageTag(BUY_BUTTON);
    const restore = requestEnded(BUY_BUTTON);
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    await jest.advanceTimersByTimeAsync(100);
    restore();
    const ours = markedTags();
    expect(ours.map((t) => t.src)).toEqual([STRIPE_JS_URL]);
    answerWithStripe(ours[0]);
    expect((await done).state).toBe('resolved');
    expect(buyButton.isConnected).toBe(true);
    expect(buyButton.hasAttribute(LOADING_STATE_ATTR)).toBe(false);
  });

  it("a CSP report about the page's pricing table is not Stripe.js being blocked", async () => {
    pageTag(PRICING_TABLE);
    const done = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    const report = new Event('securitypolicyviolation');
    Object.assign(report, { blockedURI: PRICING_TABLE, effectiveDirective: 'script-src-elem' });
    document.dispatchEvent(report);
    answerWithStripe(markedTags()[0]);
    expect((await done).state).toBe('resolved');
  });
});

describe('advanced fraud signals', () => {
  it("the page's own tag said advancedFraudSignals=false: after it failed, our tag keeps that choice", async () => {
    const theirs = pageTag('https://js.stripe.com/v3/?advancedFraudSignals=false');
    const first = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    expect(markedTags()).toEqual([theirs]); // Stripe.js (v3): joined
    failNetwork(theirs);
    await jest.advanceTimersByTimeAsync(0);
    expect((await first).state).toBe('rejected');

    const retried = loadStripeScript({ publishableKey: KEY, maxLoadAttempts: 1 });
    expect(theirs.isConnected).toBe(false);
    const ours = markedTags();
    expect(ours.map((t) => t.src)).toEqual([`${STRIPE_JS_URL}?advancedFraudSignals=false`]);
    answerWithStripe(ours[0]);
    expect((await retried).state).toBe('resolved');
  });

  it('a host turns them off without a tag of its own: advancedFraudSignals: false', async () => {
    const done = loadStripeScript({ publishableKey: KEY, advancedFraudSignals: false });
    const ours = markedTags();
    expect(ours.map((t) => t.src)).toEqual([`${STRIPE_JS_URL}?advancedFraudSignals=false`]);
    answerWithStripe(ours[0]);
    expect((await done).state).toBe('resolved');
  });

  it('left alone, the tag has no such parameter', () => {
    void loadStripeScript({ publishableKey: KEY });
    expect(markedTags().map((t) => t.src)).toEqual([STRIPE_JS_URL]);
  });
});
