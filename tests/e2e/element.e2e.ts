// <checkout-button>, the one tag, on a plain page with no bundler and no React (tests/e2e/hosts/element)
// served from another origin than the remote: the page's own children until the element upgrades,
// the button from attributes and properties, its DOM events, the cancelable redirect, updates,
// removal and re-insertion, embedded Checkout inside the shadow root, and what it costs in bytes.
import { CHECKOUT_URL_PREFIX } from './support/sessionEndpoint';
import { BUTTON_LABEL, MESSAGES, e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';
import { details, gzipBytes, openElementPage, remoteFiles } from './support/elementPage';

/** The budget for a page with no React: bytes from the remote (gzip -9) before the button is usable. */
const BYTES_BEFORE_USABLE = 35_000;

type ElementWindow = { __embedded?: { created: number; mounted: number; destroyed: number } };

const element = (host: HostPage) => host.page.locator('checkout-button');

async function useSessionLog(host: HostPage, seq = 'ok'): Promise<void> {
  await element(host).evaluate(
    (el, endpoint) => el.setAttribute('session-endpoint', endpoint),
    `/api/session?key=${host.sessionKey}&seq=${seq}`,
  );
}

e2eSuite('<checkout-button>: one tag on a page with no bundler', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('shows the page’s own children until it upgrades, then the button, usable within 35 KB gzip from the remote', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { host, events } = await openElementPage(open, {
      waitForButton: false,
      before: (page) => page.context.route(`${e2e.remoteUrl}/checkout-button.js`, async (route) => held.then(() => route.continue())),
    });
    // The page loaded (DOMContentLoaded: the tag is async) while the remote's script is held.
    const fallback = host.page.locator('checkout-button > form.checkout-fallback').getByRole('button', { name: BUTTON_LABEL });
    await fallback.waitFor();
    expect(await host.root().count()).toBe(0);

    release();
    await host.waitForVisible(host.button(), 'the checkout button');
    const fetched = remoteFiles(host);
    await expectDom(host, { state: 'resolved', error: null, busy: 'false', disabled: false, alert: null, tryAgain: false });
    expect(await fallback.isVisible()).toBe(false);

    // The DOM contract, inside an open shadow root with no <slot>, styled by a sheet of its own.
    const inside = await element(host).evaluate((el) => {
      const shadow = el.shadowRoot!;
      const root = shadow.querySelector('.mfc-root')!;
      const button = shadow.querySelector('button.mfc-button') as HTMLButtonElement;
      return {
        slot: !!shadow.querySelector('slot'),
        lang: root.getAttribute('lang'),
        type: button.type,
        background: getComputedStyle(button).backgroundColor,
        display: getComputedStyle(root).display,
      };
    });
    expect(inside).toEqual({ slot: false, lang: 'en', type: 'button', background: 'rgb(99, 91, 255)', display: 'inline-flex' });
    expect(await host.page.locator('#checkout-status').textContent()).toBe('Checkout resolved'); // the page's own listener
    expect(details(events, 'checkout-state')).toEqual([{ state: 'pending' }, { state: 'resolved' }]);

    // Everything before the button came from the one tag's files; they weigh within the budget.
    expect(fetched[0]).toBe('checkout-button.js');
    expect(fetched.filter((file) => !/^checkout-button\.[\w.]+\.js$/.test(file) && file !== 'checkout-button.js')).toEqual([]);
    const bytes = fetched.reduce((sum, file) => sum + gzipBytes(file), 0);
    process.stderr.write(
      `\ne2e element: ${fetched.length} files from the remote before the button was usable, ${bytes.toLocaleString('en')} B gzip -9 (${fetched.map((f) => `${f} ${gzipBytes(f)}`).join(', ')})\n`,
    );
    expect(bytes).toBeLessThanOrEqual(BYTES_BEFORE_USABLE);

    // Timing-Allow-Origin: the page's Resource Timing sees what each of the remote's files cost.
    // (The click's code and embedded mode's dialog may have followed by now, fetched once the page was idle.)
    const timings = await host.page.evaluate(
      (remote) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.startsWith(remote))
          .map((e) => ({ file: new URL(e.name).pathname.slice(1), size: (e as PerformanceResourceTiming).transferSize })),
      `${e2e.remoteUrl}/`,
    );
    expect(fetched.filter((file) => !timings.some((t) => t.file === file))).toEqual([]);
    expect(timings.filter((t) => !(t.size > 0))).toEqual([]);
    const remoteResponses = host.responses.filter((r) => r.url.startsWith(`${e2e.remoteUrl}/`));
    expect(remoteResponses.length).toBeGreaterThanOrEqual(fetched.length);
    expect(remoteResponses.filter((r) => r.headers['timing-allow-origin'] !== '*').map((r) => r.url)).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('redirects on click with the page’s sessionBody, telling the page each step in bubbling, composed events', async () => {
    const { host, events } = await openElementPage(open);
    await expectDom(host, { state: 'resolved' });
    await useSessionLog(host);
    await host.button().click();
    await host.waitForCheckout();
    expect(host.checkoutNavigations[0].startsWith(CHECKOUT_URL_PREFIX)).toBe(true);
    expect((await host.sessionLog()).map((s) => JSON.parse(s.body))).toEqual([{ productId: 'coffee-beans-1kg', mode: 'redirect' }]);

    const [redirect] = events.filter((e) => e.type === 'checkout-redirect');
    expect(redirect).toMatchObject({ bubbles: true, composed: true, cancelable: true, defaultPrevented: false });
    expect(redirect.detail).toEqual({ url: host.checkoutNavigations[0] });
    expect(events.filter((e) => !e.bubbles || !e.composed)).toEqual([]);
    expect(details<{ type: string }>(events, 'checkout-event').map((e) => e.type)).toEqual([
      'script_attempt',
      'script_resolved',
      'session_start',
      'session_end',
      'redirect',
    ]);
    expect(details(events, 'checkout-error')).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('stays on the page when a listener cancels checkout-redirect, as the redirect prop does', async () => {
    const { host, events } = await openElementPage(open);
    await element(host).evaluate((el) => el.addEventListener('checkout-redirect', (event) => event.preventDefault()));
    await host.button().click();
    await host.waitUntil(() => events.some((e) => e.type === 'checkout-redirect'), 'the checkout-redirect event');
    await expectDom(host, { state: 'resolved', busy: 'false', disabled: false, alert: null });
    expect(events.find((e) => e.type === 'checkout-redirect')).toMatchObject({ defaultPrevented: true });
    expect(host.checkoutNavigations).toEqual([]);
    expect(host.page.url().startsWith(`${e2e.hostUrl}/element/`)).toBe(true);
    await host.expectNoPageErrors();
  });

  it('takes objects and functions as properties on an element a script creates, rendering once with all of them', async () => {
    const { host, events } = await openElementPage(open, { file: 'empty.html', waitForButton: false });
    await host.page.evaluate(async () => {
      await customElements.whenDefined('checkout-button');
      const el = document.createElement('checkout-button');
      document.querySelector('main')!.append(el);
      // Set after the element is in the page, in the same task: one render, never a missing key.
      el.setAttribute('publishable-key', 'pk_test_e2eStandInKey');
      el.stripeOptions = { locale: 'fr' };
      el.messages = { buttonLabel: 'Payer maintenant' };
      el.createSession = async () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_fromProperty' });
    });
    await host.waitForVisible(host.page.getByRole('button', { name: 'Payer maintenant' }), 'the button with its messages');
    await expectDom(host, { state: 'resolved' });
    expect(await host.root().getAttribute('lang')).toBe('fr');
    expect(details(events, 'checkout-state')).toEqual([{ state: 'pending' }, { state: 'resolved' }]);
    await host.page.getByRole('button', { name: 'Payer maintenant' }).click();
    await host.waitForCheckout();
    expect(host.checkoutNavigations).toEqual(['https://checkout.stripe.com/c/pay/cs_test_fromProperty']);
    expect(host.sessionRequests).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('follows its attributes, unmounts when removed and works again when put back, on the page’s one Stripe.js', async () => {
    const { host } = await openElementPage(open);
    await expectDom(host, { state: 'resolved' });
    await element(host).evaluate((el) => el.setAttribute('label', 'Buy now'));
    await host.page.getByRole('button', { name: 'Buy now' }).waitFor();
    await element(host).evaluate((el) => el.setAttribute('disabled', ''));
    await expectDom(host, { disabled: true });
    await element(host).evaluate((el) => el.removeAttribute('disabled'));
    await expectDom(host, { disabled: false });

    await element(host).evaluate((el) => ((window as unknown as { __kept: Element }).__kept = el).remove());
    await host.root().waitFor({ state: 'detached' });
    expect(await host.page.evaluate(() => (window as unknown as { __kept: Element }).__kept.shadowRoot!.childElementCount)).toBe(0);
    await host.page.evaluate(() => document.querySelector('main')!.prepend((window as unknown as { __kept: Element }).__kept));
    await host.page.getByRole('button', { name: 'Buy now' }).waitFor();
    await expectDom(host, { state: 'resolved', disabled: false });
    expect(await host.tags()).toMatchObject({ inserted: 1, executions: 1 });
    expect(await host.page.getByRole('button', { name: BUTTON_LABEL }).count()).toBe(0); // the label it was given stays
    await host.expectNoPageErrors();
  });

  it('opens embedded Checkout in its dialog inside the shadow root, focus kept inside and given back', async () => {
    const { host, events } = await openElementPage(open);
    await element(host).evaluate((el) => el.setAttribute('mode', 'embedded'));
    await useSessionLog(host, 'embedded');
    await expectDom(host, { state: 'resolved' });
    await host.button().click();
    const dialog = host.page.getByRole('dialog', { name: MESSAGES.dialogTitle });
    await dialog.waitFor();
    await host.page.getByRole('button', { name: 'Pay (stand-in)' }).waitFor();
    const focusInDialog = () => element(host).evaluate((el) => !!el.shadowRoot!.activeElement?.closest('dialog'));
    expect(await focusInDialog()).toBe(true);
    await host.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await element(host).evaluate((el) => el.shadowRoot!.activeElement?.className)).toBe('mfc-button');

    await host.button().click();
    await host.page.getByRole('button', { name: 'Pay (stand-in)' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The paid session's id (the test endpoint's `cs_test_<hex>_secret_<hex>`), never its secret.
    expect(details(events, 'checkout-complete')).toEqual([{ sessionId: expect.stringMatching(/^cs_test_[0-9a-f]{16}$/) }]);
    expect(await host.page.evaluate(() => (window as ElementWindow).__embedded)).toEqual({ created: 2, mounted: 2, destroyed: 2 });
    expect(host.checkoutNavigations).toEqual([]);
    await host.expectNoPageErrors();
  });
});
