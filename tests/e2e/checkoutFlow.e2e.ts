// The happy path, click → session → checks → navigation to Stripe Checkout,
// in Chromium against the production remote and host example. The session endpoint is the e2e
// server's (tests/e2e/support/sessionEndpoint.ts); checkout.stripe.com is a Playwright route that counts navigations.
import { MESSAGES, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';
import { RETRY_AFTER_S, SESSION_PATH, TOO_MANY_SENTENCE, type SessionStep } from './support/sessionEndpoint';


async function resolved(host: HostPage): Promise<void> {
  expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
  await expectDom(host, { state: 'resolved', error: null, busy: 'false', disabled: false, alert: null });
}

e2eSuite('Checkout flow in a real browser', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('happy path: resolved → click → one session request → navigation to https://checkout.stripe.com/…', async () => {
    const host = await open({ session: { seq: ['ok'], delay: 400 }, props: { sessionBody: { priceId: 'price_e2e', quantity: 2 } } });
    await resolved(host);
    await host.expectNoPageErrors([]); // not even a console line (checked again after we leave the page)

    await host.button().click();
    await expectDom(host, { busy: 'true', state: 'resolved', error: null });
    await host.waitForCheckout();

    expect(host.checkoutNavigations).toHaveLength(1);
    expect(host.checkoutNavigations[0]).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_[0-9a-f]+$/);
    expect(host.sessionRequests).toHaveLength(1);
    const request = host.sessionRequests[0];
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('application/json');
    const [received] = await host.sessionLog();
    expect(received.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(received.body)).toEqual({ priceId: 'price_e2e', quantity: 2, mode: 'redirect' });
    expect(host.stripeRequests).toHaveLength(1);
    await host.expectNoPageErrors([]);
  });

  const failures: Array<{ name: string; step: SessionStep; code: keyof typeof MESSAGES }> = [
    { name: 'a 500 answer', step: '500', code: 'session_failed' },
    { name: 'invalid JSON', step: 'badjson', code: 'session_failed' },
    { name: 'no answer within sessionTimeoutMs', step: 'hang', code: 'session_timeout' },
    { name: 'a URL on another origin', step: 'other-origin', code: 'redirect_refused' },
    { name: 'an http: URL', step: 'http', code: 'redirect_refused' },
    { name: 'a javascript: URL', step: 'javascript', code: 'redirect_refused' },
  ];

  it.each(failures)('$name → $code, no navigation, and the button works again', async ({ step, code }) => {
    const sessionTimeoutMs = 1200;
    const host = await open({ session: { seq: [step, 'ok'] }, props: { sessionTimeoutMs } });
    await resolved(host);

    const clickedAt = Date.now();
    await host.button().click();
    await host.waitUntil(async () => (await host.errorCodes()).length > 0, `the ${code} error`);
    const elapsed = Date.now() - clickedAt;

    expect(await host.errorCodes()).toEqual([code]);
    expect(await host.states()).toEqual(['pending', 'resolved']); // the script state is not the session's
    await expectDom(host, {
      state: 'resolved',
      error: code,
      busy: 'false',
      disabled: false,
      alert: MESSAGES[code],
      tryAgain: false, // a session failure is retried with the button itself
    });
    await host.settled(); // a navigation would have started by now
    host.expectNoNavigation();
    if (step === 'hang') {
      expect(elapsed).toBeGreaterThanOrEqual(sessionTimeoutMs * 0.8);
      // Measured from here, through Playwright, on a machine that may be busy: only a doubled timeout fails.
      expect(elapsed).toBeLessThan(sessionTimeoutMs * 2 + 1000);
      // The request was abandoned, not left open.
      await host.waitUntil(async () => (await host.sessionLog())[0]?.aborted, 'the server to see the abort');
    }
    await host.expectNoPageErrors();

    // Usable again: the next click starts a fresh session (new idempotency key) and leaves for Checkout.
    await host.button().click();
    await host.waitForCheckout();
    const log = await host.sessionLog();
    expect(log).toHaveLength(2);
    expect(log[1].idempotencyKey).not.toBe(log[0].idempotencyKey);
    expect(host.checkoutNavigations).toHaveLength(1);
    expect(host.stripeRequests).toHaveLength(1);
    await host.expectNoPageErrors();
  });

  it('a 429 with Retry-After: onError gets the sentence and the wait, the alert says to wait, a click sends nothing until the wait is over', async () => {
    const host = await open({ session: { seq: ['429', 'ok'] } });
    await resolved(host);
    // The page itself records the wait (what the alert said while the button refused clicks, and when
    // that ended, on its own clock), whatever moments the test's polling happens to see.
    await host.root().evaluate((root) => {
      type Seen = { alert: string | null; error: string | null; busy: string | null; disabled: boolean; tryAgain: boolean };
      const probe = window as unknown as { __wait?: { seen?: Seen; endedAt?: number } };
      new MutationObserver(() => {
        const button = root.querySelector<HTMLButtonElement>('button.mfc-button');
        if (!button) return;
        const wait = (probe.__wait ??= {});
        const waiting = button.getAttribute('aria-disabled') === 'true' && button.getAttribute('aria-busy') !== 'true';
        if (waiting && wait.seen === undefined) {
          wait.seen = {
            alert: root.querySelector('[role="alert"]')?.textContent ?? null,
            error: root.getAttribute('data-checkout-error'),
            busy: button.getAttribute('aria-busy'),
            disabled: button.disabled,
            tryAgain: Array.from(root.querySelectorAll('button')).some((b) => /try again/i.test(b.textContent ?? '')),
          };
        } else if (button.getAttribute('aria-disabled') === null && wait.seen !== undefined) wait.endedAt ??= performance.now();
      }).observe(root, { attributes: true, childList: true, subtree: true, characterData: true });
    });
    await host.button().click();
    await host.waitUntil(async () => (await host.errorCodes()).length > 0, 'the session_failed error');
    // A real click during the wait (a locator click would wait: the button is aria-disabled) sends
    // nothing: the one session after the wait is the second the server sees.
    const box = (await host.button().boundingBox())!;
    await host.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const clickedAt = await host.page.evaluate(() => performance.now());

    const [failed] = (await host.events()).filter((e) => e.kind === 'error');
    expect([failed]).toEqual([
      expect.objectContaining({
        code: 'session_failed',
        message: `POST ${SESSION_PATH}?key=${host.sessionKey}&seq=429%2Cok answered 429 Too Many Requests: ${TOO_MANY_SENTENCE} Retry after ${RETRY_AFTER_S} s.`,
        retryAfterMs: RETRY_AFTER_S * 1000,
      }),
    ]);
    await host.settled();
    expect(await host.sessionLog()).toHaveLength(1);

    // The wait passes by itself: the button takes clicks again and the alert says to try again.
    await expectDom(host, { alert: MESSAGES.session_failed });
    const wait = await host.page.evaluate(() => (window as unknown as { __wait?: { seen?: object; endedAt?: number } }).__wait);
    expect(wait).toEqual({
      seen: { alert: MESSAGES.sessionWait, error: 'session_failed', busy: 'false', disabled: false, tryAgain: false },
      endedAt: expect.any(Number),
    });
    expect(wait!.endedAt! - failed.t).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 1);
    expect(clickedAt).toBeLessThan(wait!.endedAt!); // the click above fell inside the wait
    expect(await host.button().getAttribute('aria-disabled')).toBeNull();
    await host.button().click();
    await host.waitForCheckout();
    expect(await host.sessionLog()).toHaveLength(2);
    await host.expectNoPageErrors();
  });

  it('five rapid clicks make one session request and one navigation', async () => {
    // The session answers late enough that the busy button is still there to be seen on a busy machine.
    const host = await open({ session: { seq: ['ok'], delay: 6_000 } });
    await resolved(host);

    // Real mouse clicks at the button (a locator click would wait: the busy button is aria-disabled).
    const box = (await host.button().boundingBox())!;
    for (let i = 0; i < 5; i++) await host.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expectDom(host, { busy: 'true' });
    await host.waitForCheckout(); // the host page is gone: nothing more can be sent from it

    expect(host.sessionRequests).toHaveLength(1);
    expect(await host.sessionLog()).toHaveLength(1);
    expect(host.checkoutNavigations).toHaveLength(1);
    expect(host.stripeRequests).toHaveLength(1);
    await host.expectNoPageErrors();
  });

  it('five clicks in one task (before React re-renders) still make one session request', async () => {
    const host = await open({ session: { seq: ['ok'], delay: 1000 } });
    await resolved(host);

    await host.button().evaluate((button: HTMLButtonElement) => {
      for (let i = 0; i < 5; i++) button.click();
    });
    await host.waitForCheckout(); // the host page is gone: nothing more can be sent from it

    expect(await host.sessionLog()).toHaveLength(1);
    expect(host.checkoutNavigations).toHaveLength(1);
    await host.expectNoPageErrors();
  });

  it('unmount while Stripe.js is pending: no navigation, no error, nothing reported afterwards', async () => {
    const host = await open({ stripe: { delayMs: 1000, then: 'ok' } });
    await expectDom(host, { state: 'pending', busy: 'false' });
    expect(await host.states()).toEqual(['pending']);

    await host.unmount();
    expect(await host.page.locator('[data-checkout-state]').count()).toBe(0);
    await host.waitUntil(async () => (await host.tags()).executions === 1, 'Stripe.js to arrive after the unmount');
    await host.settled();

    expect(await host.eventsAfterUnmount()).toEqual([]);
    expect(host.stripeRequests).toHaveLength(1);
    expect(host.sessionRequests).toHaveLength(0);
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });

  it('unmount while a session is in flight: the request is abandoned, no navigation, no error', async () => {
    const host = await open({ session: { seq: ['ok'], delay: 1000 } });
    await resolved(host);

    await host.button().click();
    await host.waitUntil(async () => (await host.sessionLog()).length === 1, 'the session request to reach the server');
    await host.unmount();
    await host.waitUntil(async () => (await host.sessionLog())[0].aborted === true, 'the server to see the request abandoned');
    await host.settled();

    expect(await host.eventsAfterUnmount()).toEqual([]);
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });
});
