// Embedded Checkout in a real browser, with a stand-in Stripe.js whose embedded form is a
// single "Pay (stand-in)" button that completes the payment.
import { BUTTON_LABEL, e2e, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';

/** Holds the page's idle callbacks, so the dialog's chunk is not fetched ahead of the click. */
const HELD_IDLE = 'window.requestIdleCallback = () => 0;';

type EmbeddedProbe = { __embedded?: { created: number; mounted: number; destroyed: number } };

e2eSuite('embedded Checkout', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  const embedded = { props: { mode: 'embedded' as const }, session: { seq: ['embedded' as const] } };

  it('opens in a modal dialog, keeps focus inside, closes on Escape and gives focus back', async () => {
    const host = await open(embedded);
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const { page } = host;

    await host.button().click();
    const dialog = page.getByRole('dialog', { name: 'Secure checkout' });
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Pay (stand-in)' }).waitFor();
    expect(host.sessionRequests).toHaveLength(1);
    expect(await page.evaluate(() => (window as EmbeddedProbe).__embedded)).toEqual({ created: 1, mounted: 1, destroyed: 0 });
    // Modal: the page behind is inert. Tab moves within the dialog and, past its end, to the
    // browser's own UI (the native modal's behaviour), never to the page behind it.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    const visited = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'outside the page';
        return el.closest('dialog') ? `dialog: ${el.textContent}` : `PAGE: ${el.outerHTML.slice(0, 80)}`;
      });
      visited.add(where);
    }
    expect([...visited].filter((w) => w.startsWith('PAGE'))).toEqual([]);
    expect(visited).toContain('dialog: Pay (stand-in)');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as EmbeddedProbe).__embedded?.destroyed)).toBe(1);
    expect(await host.button().evaluate((b) => b === document.activeElement)).toBe(true);
    await expectDom(host, { state: 'resolved', busy: 'false', disabled: false, alert: null });
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });

  it("tells the host when the payment completes, and closes; Embedded Checkout's own events reach the telemetry", async () => {
    const host = await open(embedded);
    await host.waitForStates(2);
    // Every telemetry event of the page, as a platform team would subscribe to it.
    await host.page.evaluate(async () => {
      const w = window as unknown as {
        __telemetry: unknown[];
        __loadRemote: (id: string) => Promise<{ subscribeCheckoutEvents: (l: (e: unknown) => void) => void }>;
      };
      w.__telemetry = [];
      (await w.__loadRemote('checkout/stripeScript')).subscribeCheckoutEvents((event) => w.__telemetry.push(event));
    });
    await host.button().click();
    await host.page.getByRole('button', { name: 'Pay (stand-in)' }).click();
    await host.page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await host.events()).filter((e) => e.kind === 'complete')).toHaveLength(1);
    const telemetry = await host.page.evaluate(() => (window as unknown as { __telemetry: Array<Record<string, unknown>> }).__telemetry);
    const embeddedEvents = telemetry.filter((e) => String(e.type).startsWith('embedded_')).map(({ at: _at, ...rest }) => rest);
    expect(embeddedEvents).toEqual([
      { type: 'embedded_open' },
      { type: 'embedded_analytics', name: 'checkoutRendered' },
      { type: 'embedded_analytics', name: 'checkoutSubmitted' },
      { type: 'embedded_complete' },
      { type: 'embedded_close', completed: true },
    ]);
    expect(await host.page.evaluate(() => (window as EmbeddedProbe).__embedded?.destroyed)).toBe(1);
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });

  it('embedded_open is told once the dialog is on screen: an Escape pressed as it arrives closes it', async () => {
    const host = await open({ ...embedded, initScript: HELD_IDLE });
    await host.waitForStates(2);
    // From now on the remote's files are slow: the dialog's chunk is on its way for a while after the click.
    let slow = false;
    await host.context.route(`${e2e.remoteUrl}/**`, async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fallback();
    });
    const told: Array<{ type: string; dialogOpen: boolean }> = [];
    await host.context.exposeBinding('__embeddedEvent', async ({ page }, event: { type: string; dialogOpen: boolean }) => {
      told.push(event);
      if (event.type === 'embedded_open') await page.keyboard.press('Escape'); // the person, as the event arrives
    });
    await host.page.evaluate(async () => {
      const w = window as unknown as {
        __embeddedEvent: (e: unknown) => void;
        __loadRemote: (id: string) => Promise<{ subscribeCheckoutEvents: (l: (e: { type: string }) => void) => void }>;
      };
      (await w.__loadRemote('checkout/stripeScript')).subscribeCheckoutEvents((event) => {
        if (event.type.startsWith('embedded_'))
          w.__embeddedEvent({ type: event.type, dialogOpen: !!document.querySelector('dialog[open]') });
      });
    });
    slow = true;
    await host.button().click();
    await host.waitUntil(() => told.some((e) => e.type === 'embedded_close'), 'embedded_close after the Escape');
    expect(told[0]).toEqual({ type: 'embedded_open', dialogOpen: true });
    expect(told.filter((e) => e.type === 'embedded_open' || e.type === 'embedded_close').map((e) => e.type)).toEqual([
      'embedded_open',
      'embedded_close',
    ]);
    await host.page.getByRole('dialog').waitFor({ state: 'detached' });
    host.expectNoNavigation();
    await host.expectNoPageErrors();
  });

  it('while Stripe.js is rejected, the button is disabled and Try again is offered', async () => {
    const host = await open({ ...embedded, stripe: 'abort', props: { mode: 'embedded', maxLoadAttempts: 1 } });
    expect(await host.waitForStates(2)).toEqual(['pending', 'rejected:script_load_failed']);
    await expectDom(host, { state: 'rejected', error: 'script_load_failed', disabled: true, tryAgain: true });
    expect(await host.page.getByRole('button', { name: BUTTON_LABEL }).isDisabled()).toBe(true);

    host.setStripe('ok');
    await host.tryAgain().click();
    await expectDom(host, { state: 'resolved', disabled: false, tryAgain: false });
    expect(host.sessionRequests).toHaveLength(0);
    await host.expectNoPageErrors();
  });
});
