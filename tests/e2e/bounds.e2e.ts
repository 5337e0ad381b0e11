// Options a host can get wrong, and where the person reads a failure: in a real browser, against
// the production remote.
import { STRIPE_JS, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';

e2eSuite('Option bounds and the alert in the page', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('maxLoadAttempts: 1e9 is clamped to 10 requests, then rejected with script_timeout (not retrying for ever)', async () => {
    // The backoff between attempts adds up to 14-28 s of timers: the page's clock runs them. It must be
    // installed before the page's scripts run, so the first visit only waits (one request, hanging).
    // Every attempt hangs and times out: the count does not race the clock against network errors.
    const host = await open({ stripe: 'hang', props: { maxLoadAttempts: 1e9, loadTimeoutMs: 2_000 } });
    await host.waitUntil(() => host.stripeRequests.length === 1, 'the first visit to request Stripe.js');
    await host.context.clock.install();
    await host.page.reload();
    await host.waitUntil(async () => (await host.states()).includes('pending'), 'the load to start');
    for (let i = 0; i < 20 && !(await host.states()).some((s) => s.startsWith('rejected')); i++) {
      await host.context.clock.runFor(5_000);
    }
    const states = await host.states();
    expect(states[states.length - 1]).toBe('rejected:script_timeout');
    const [, rejected] = (await host.stateEvents()).slice(-2);
    expect(rejected.message).toMatch(/Gave up after 10 attempts/);
    const requests = () => host.stripeRequests.filter((url) => url.startsWith(STRIPE_JS)).length - 1; // less the first visit's
    expect(requests()).toBe(10);
    await host.context.clock.runFor(30_000);
    expect(requests()).toBe(10);
    await host.expectNoPageErrors();
  }, 45_000);

  it('sessionTimeoutMs and loadTimeoutMs of Number.MAX_SAFE_INTEGER mean never: a slow Stripe.js resolves, a slow session redirects', async () => {
    // Above 2³¹−1 ms Chromium's setTimeout fires at once: such a timer would fail both at the first tick.
    const never = Number.MAX_SAFE_INTEGER;
    const host = await open({
      stripe: { delayMs: 400, then: 'ok' },
      session: { seq: ['ok'], delay: 400 },
      props: { sessionTimeoutMs: never, loadTimeoutMs: never, maxLoadAttempts: 1 },
    });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await host.button().click();
    await host.waitForCheckout();
    expect(await host.errorCodes()).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('sessionTimeoutMs: 0 and loadTimeoutMs: -1 fall back to their defaults: a slow Stripe.js resolves, a slow session redirects', async () => {
    const host = await open({
      stripe: { delayMs: 400, then: 'ok' },
      session: { seq: ['ok'], delay: 400 },
      props: { sessionTimeoutMs: 0, loadTimeoutMs: -1 },
    });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await host.button().click();
    await host.waitForCheckout();
    expect(host.checkoutNavigations).toHaveLength(1);
    expect(await host.errorCodes()).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('a session failure on a button at the bottom of the window: the alert is next to it and in view', async () => {
    const host = await open({ session: { seq: ['500'] }, width: 390 });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    // Put the button's bottom edge on the window's bottom edge, as a long page would.
    await host.page.evaluate(() => {
      const button = document.querySelector('.mfc-button')!;
      const gap = window.innerHeight - button.getBoundingClientRect().bottom;
      document.body.style.paddingTop = `${Math.max(0, gap)}px`;
      window.scrollTo(0, 0);
    });
    await host.button().click();
    await expectDom(host, { error: 'session_failed' });
    await host.waitForVisible(host.alert(), 'the alert');

    const geometry = await host.page.evaluate(() => {
      const button = document.querySelector('.mfc-button')!.getBoundingClientRect();
      const alert = document.querySelector('.mfc-root [role="alert"]')!.getBoundingClientRect();
      return { gap: alert.top - button.bottom, top: alert.top, bottom: alert.bottom, height: window.innerHeight };
    });
    expect(geometry.gap).toBeGreaterThanOrEqual(0);
    expect(geometry.gap).toBeLessThan(24);
    expect(geometry.top).toBeGreaterThanOrEqual(0);
    expect(geometry.bottom).toBeLessThanOrEqual(geometry.height);
    await host.expectNoPageErrors();
  });
});
