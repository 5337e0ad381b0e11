// Loading Stripe.js in Chromium, against the production remote in the production host example. js.stripe.com is answered by Playwright routes (stand-in, abort, silence).
import {
  BUTTON_LABEL,
  MESSAGES,
  PUBLISHABLE_KEY,
  STRIPE_JS,
  e2eSuite,
  expectDom,
  useBrowser,
  usePages,
  type TagLogEntry,
} from './support/harness';

/** For each attempt (tag inserted), how long until the loader marked it timed out. */
function attemptDurations(log: TagLogEntry[]): number[] {
  const durations: number[] = [];
  let inserted: number | null = null;
  for (const entry of log) {
    if (entry.kind === 'insert') inserted = entry.t;
    if (entry.kind === 'state' && entry.value === 'timeout' && inserted !== null) {
      durations.push(entry.t - inserted);
      inserted = null;
    }
  }
  return durations;
}

e2eSuite('Stripe.js loading in a real browser', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('a network error gives script_load_failed after maxLoadAttempts requests; Try again once the network is back resolves, with one tag', async () => {
    const host = await open({ stripe: 'abort', props: { mode: 'embedded', maxLoadAttempts: 3 } });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_load_failed']);
    expect(host.stripeRequests).toEqual([STRIPE_JS, STRIPE_JS, STRIPE_JS]);
    expect(await host.errorCodes()).toEqual(['script_load_failed']);
    const [rejected] = (await host.stateEvents()).filter((e) => e.state === 'rejected');
    expect(rejected.message).toMatch(/Gave up after 3 attempts/);
    await expectDom(host, {
      state: 'rejected',
      error: 'script_load_failed',
      busy: 'false',
      disabled: true, // embedded Checkout cannot open without Stripe.js
      alert: MESSAGES.script_load_failed,
      tryAgain: true,
    });
    expect((await host.tags()).inserted).toBe(3);

    host.setStripe('ok'); // the network is back
    await host.tryAgain().click();

    expect(await host.waitForStates(4)).toEqual(['pending', 'rejected:script_load_failed', 'pending', 'resolved']);
    await expectDom(host, { state: 'resolved', error: null, busy: 'false', alert: null, tryAgain: false });
    const tags = await host.tags();
    expect(tags.inPage).toBe(1); // the dead tag was removed before the fresh one
    expect(tags.executions).toBe(1);
    expect(host.stripeRequests).toHaveLength(4);
    expect(host.sessionRequests).toHaveLength(0);
    await host.expectNoPageErrors();
  });

  it('Stripe.js never answering gives script_timeout, each attempt cut at loadTimeoutMs (not before it, well before twice it)', async () => {
    const loadTimeoutMs = 1500;
    const host = await open({ stripe: 'hang', props: { mode: 'embedded', loadTimeoutMs, maxLoadAttempts: 2 } });
    await expectDom(host, { state: 'pending', busy: 'true', error: null, alert: null });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_timeout']);
    const tags = await host.tags();
    const durations = attemptDurations(tags.log);
    expect(durations).toHaveLength(2);
    // A timer fires late on a busy machine, never early: the upper bounds only catch a doubled timeout.
    for (const ms of durations) {
      expect(ms).toBeGreaterThanOrEqual(loadTimeoutMs * 0.8);
      expect(ms).toBeLessThan(loadTimeoutMs * 2);
    }
    // The whole load: two attempts and one backoff pause (250–500 ms) between them.
    const [pending, rejected] = await host.stateEvents();
    expect(rejected.t - pending.t).toBeGreaterThanOrEqual(2 * loadTimeoutMs * 0.8);
    expect(rejected.t - pending.t).toBeLessThan(2 * loadTimeoutMs * 2 + 500);
    expect(tags.inserted).toBe(2);
    // Chromium would answer a second tag for the same URL from the first, still open, request (and
    // time out again): after a stalled attempt the loader asks for a URL of its own.
    expect(host.stripeRequests).toEqual([STRIPE_JS, `${STRIPE_JS}?retry=1`]);
    await expectDom(host, {
      state: 'rejected',
      error: 'script_timeout',
      busy: 'false',
      alert: MESSAGES.script_timeout,
      tryAgain: true,
    });
    expect(host.sessionRequests).toHaveLength(0);
    await host.expectNoPageErrors();
  });

  it('after a timeout, Try again with Stripe.js answering again resolves', async () => {
    const host = await open({ stripe: 'hang', props: { mode: 'embedded', loadTimeoutMs: 1000, maxLoadAttempts: 1 } });
    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_timeout']);

    host.setStripe('ok');
    await host.tryAgain().click();
    expect(await host.waitForStates(4)).toEqual(['pending', 'rejected:script_timeout', 'pending', 'resolved']);
    expect(host.stripeRequests).toEqual([STRIPE_JS, `${STRIPE_JS}?retry=1`]);
    await expectDom(host, { state: 'resolved', error: null, alert: null, tryAgain: false });
    // The stalled tag stays in the page (a removed tag would still run if its request answered).
    expect(await host.tags()).toMatchObject({ inserted: 2, inPage: 2, executions: 1, instances: 1 });
    await host.expectNoPageErrors();
  });

  it('a script that loads but defines no Stripe gives stripe_unavailable, without retrying it', async () => {
    const host = await open({ stripe: 'no-global', props: { mode: 'embedded', maxLoadAttempts: 3 } });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:stripe_unavailable']);
    expect(host.stripeRequests).toEqual([STRIPE_JS]); // a stub answering for Stripe.js will not do better next time
    expect((await host.tags()).executions).toBe(1);
    expect(await host.errorCodes()).toEqual(['stripe_unavailable']);
    await expectDom(host, {
      state: 'rejected',
      error: 'stripe_unavailable',
      busy: 'false',
      alert: MESSAGES.stripe_unavailable,
      tryAgain: true,
    });
    expect(host.sessionRequests).toHaveLength(0);
    await host.expectNoPageErrors();
  });

  it('redirect mode: a failed load is reported to the host, not shown to the person, and paying still works', async () => {
    const host = await open({ stripe: 'abort', props: { maxLoadAttempts: 2 } });
    // Nothing shown to the person at any moment, pending or already given up (a busy machine may be past pending here).
    await expectDom(host, { busy: 'false', alert: null });

    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_load_failed']);
    expect(await host.errorCodes()).toEqual(['script_load_failed']);
    await expectDom(host, { state: 'rejected', error: 'script_load_failed', busy: 'false', disabled: false, alert: null, tryAgain: false });
    expect(await host.page.locator('.mfc-spinner').count()).toBe(0);

    await host.page.getByRole('button', { name: BUTTON_LABEL }).click();
    await host.waitUntil(() => host.checkoutNavigations.length === 1, 'the navigation to Checkout');
    expect(host.sessionRequests).toHaveLength(1);
    await host.expectNoPageErrors();
  });

  it('a transient failure, then success within the automatic attempts: resolved with no user action', async () => {
    const host = await open({ stripe: ['abort', 'ok'], props: { maxLoadAttempts: 3 } });

    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    expect(host.stripeRequests).toEqual([STRIPE_JS, STRIPE_JS]);
    expect(await host.errorCodes()).toEqual([]);
    const tags = await host.tags();
    expect(tags).toMatchObject({ inserted: 2, inPage: 1, executions: 1, instances: 1 });
    await expectDom(host, { state: 'resolved', error: null, busy: 'false', alert: null, tryAgain: false });
    expect(host.sessionRequests).toHaveLength(0);
    await host.expectNoPageErrors();
  });

  it('30 buttons under StrictMode inject one script tag and make one Stripe.js request', async () => {
    const host = await open({ buttons: 30, stripe: { delayMs: 300, then: 'ok' } });

    for (let i = 0; i < 30; i++) expect(await host.waitForStates(2, i)).toEqual(['pending', 'resolved']);
    const tags = await host.tags();
    expect(tags).toMatchObject({ inserted: 1, inPage: 1, executions: 1, instances: 1 });
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    expect(host.sessionRequests).toHaveLength(0);
    expect(await host.page.locator('[data-checkout-state="resolved"]').count()).toBe(30);
    // Each button reported each state once, StrictMode's double effects notwithstanding.
    expect((await host.events()).filter((e) => e.kind === 'state')).toHaveLength(60);
    await host.expectNoPageErrors([]);
  });

  it('a page listener that retries on rejected from inside its call: the listeners after it and both buttons still hear rejected, then the retry', async () => {
    const host = await open({ buttons: 2, stripe: ['abort', 'ok'], props: { mode: 'embedded', maxLoadAttempts: 1, loadOn: 'click' } });
    // Subscribed after the buttons: the retrying listener is called before the recording one.
    await host.page.evaluate(async (publishableKey) => {
      type Listener = (state: string, error?: { code: string }) => void;
      type Module = { subscribeStripeScript(l: Listener): () => void; preloadStripe(o: object): Promise<unknown> };
      const w = window as unknown as { __loadRemote(id: string): Promise<Module>; __heard: string[] };
      const { subscribeStripeScript, preloadStripe } = await w.__loadRemote('checkout/stripeScript');
      let retried = false;
      subscribeStripeScript((state) => {
        if (state !== 'rejected' || retried) return;
        retried = true;
        void preloadStripe({ publishableKey, maxLoadAttempts: 1 });
      });
      w.__heard = [];
      subscribeStripeScript((state, error) => w.__heard.push(error ? `${state}:${error.code}` : state));
      void preloadStripe({ publishableKey, maxLoadAttempts: 1 });
    }, PUBLISHABLE_KEY);

    const heard = () => host.page.evaluate(() => (window as unknown as { __heard: string[] }).__heard);
    await host.waitUntil(async () => (await heard()).length >= 4, 'four states heard by the second page listener');
    const expected = ['pending', 'rejected:script_load_failed', 'pending', 'resolved'];
    expect(await heard()).toEqual(expected);
    for (const button of [0, 1]) {
      expect(await host.waitForStates(4, button)).toEqual(expected);
      expect(await host.errorCodes(button)).toEqual(['script_load_failed']);
    }
    expect(host.stripeRequests).toEqual([STRIPE_JS, STRIPE_JS]);
    await expectDom(host, { state: 'resolved', error: null, alert: null, tryAgain: false });
    await host.expectNoPageErrors();
  });
});
