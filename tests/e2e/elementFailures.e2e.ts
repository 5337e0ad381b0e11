// <checkout-button> when things go wrong or get crowded: a bad attribute fails as the prop would (and
// never echoes a secret), the page keeps its own children when the remote's script is refused, two
// copies of the script define the element once, and a strict Content-Security-Policy needs nothing
// inline.
import {
  BUTTON_LABEL,
  EXPECTED_BROWSER_NOISE,
  MESSAGES,
  STRIPE_JS,
  e2e,
  e2eSuite,
  expectDom,
  useBrowser,
  usePages,
  type HostPage,
} from './support/harness';
import { details, openElementPage, remoteFiles } from './support/elementPage';

const SECRET = 'sk_test_51ElementE2eNeverShown';

/** Puts markup into the empty page's <main>, parsed as a server would have sent it. */
async function insert(host: HostPage, html: string): Promise<void> {
  await host.page.evaluate((markup) => document.querySelector('main')!.insertAdjacentHTML('beforeend', markup), html);
  await host.waitForVisible(host.root(), 'the checkout button');
}

/** Requests that left for anything but the page's own origin and the remote's: Stripe.js, a session… */
const outsideRequests = (host: HostPage) =>
  host.requests.filter((r) => !r.url.startsWith(`${e2e.hostUrl}/`) && !r.url.startsWith(`${e2e.remoteUrl}/`)).map((r) => r.url);

e2eSuite('<checkout-button>: failures, copies and CSP', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('refuses a secret key like the prop does: rejected, no request at all, and the secret nowhere in its DOM, events or console', async () => {
    const { host, events } = await openElementPage(open, { file: 'empty.html', waitForButton: false });
    await insert(
      host,
      `<checkout-button publishable-key="${SECRET}" session-endpoint="/api/session"><a href="/pay">Pay on our page</a></checkout-button>`,
    );
    await expectDom(host, { state: 'rejected', error: 'secret_key', disabled: true, alert: MESSAGES.secret_key });
    expect(
      details<{ state: string; error?: { code: string } }>(events, 'checkout-state').map((d) => `${d.state}:${d.error?.code}`),
    ).toEqual(['rejected:secret_key']);
    const [error] = details<{ code: string; message: string }>(events, 'checkout-error');
    expect(error.code).toBe('secret_key');
    expect(error.message).toMatch(/publishable key/);

    expect(outsideRequests(host)).toEqual([]);
    expect(host.stripeRequests).toEqual([]);
    expect(host.sessionRequests).toEqual([]);
    const shadow = await host.page.locator('checkout-button').evaluate((el) => el.shadowRoot!.innerHTML);
    const said = [shadow, JSON.stringify(events), ...host.console.map((m) => m.text)].join('\n');
    expect(said).not.toContain(SECRET);
    expect(said).not.toContain('51ElementE2e');
    await host.expectNoPageErrors();
  });

  it('refuses an unknown mode with a readable error and no request', async () => {
    const { host, events } = await openElementPage(open, { file: 'empty.html', waitForButton: false });
    await insert(host, '<checkout-button publishable-key="pk_test_e2eStandInKey" mode="popup"></checkout-button>');
    await expectDom(host, { state: 'rejected', error: 'invalid_option', disabled: true, alert: MESSAGES.invalid_option });
    const [error] = details<{ code: string; message: string }>(events, 'checkout-error');
    expect(error).toEqual({
      code: 'invalid_option',
      message: 'mode must be one of "redirect", "embedded", "wallets", or left out for "redirect".',
    });
    expect(outsideRequests(host)).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('keeps the page’s own children when the remote’s script is refused, or its chunk is, with nothing thrown into the page', async () => {
    for (const refused of ['checkout-button.js', 'checkout-button.element.*.js']) {
      const { host } = await openElementPage(open, {
        waitForButton: false,
        before: (page) => page.context.route(`${e2e.remoteUrl}/${refused}`, (route) => route.abort('connectionrefused')),
      });
      const fallback = host.page.locator('checkout-button > form.checkout-fallback').getByRole('button', { name: BUTTON_LABEL });
      await fallback.waitFor();
      await host.waitUntil(() => remoteFiles(host).some((f) => f.startsWith(refused.split('*')[0])), `the request for ${refused}`);
      // Its end: a refused chunk's entry says why (checked below); a refused entry runs nothing at all.
      if (refused !== 'checkout-button.js')
        await host.waitUntil(
          () => host.consoleErrors().some((text) => text.includes('could not load; its own content stays')),
          'the entry saying why',
        );
      await host.settled();
      expect(await fallback.isVisible()).toBe(true);
      expect(await host.root().count()).toBe(0);
      expect(host.stripeRequests).toEqual([]);
      // The entry says why in the console when its chunk is refused; nothing uncaught either way.
      const allowed = [...EXPECTED_BROWSER_NOISE, /^<checkout-button> could not load; its own content stays\./];
      await host.expectNoPageErrors(allowed);
      await host.close();
    }
  });

  it('shows the page’s own children again when the button cannot render, with nothing thrown into the page', async () => {
    const { host } = await openElementPage(open);
    await expectDom(host, { state: 'resolved' });
    // A messages object that throws when read: the renderer fails, the element catches it.
    await host.page.locator('checkout-button').evaluate((el) => {
      (el as unknown as { messages: object }).messages = new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('unreadable messages');
          },
        },
      );
    });
    await host.page.locator('checkout-button > form.checkout-fallback').getByRole('button', { name: BUTTON_LABEL }).waitFor();
    expect(await host.root().count()).toBe(0);
    expect(
      host.consoleErrors().filter((text) => text.startsWith('<checkout-button> could not render; its own content is shown instead.')),
    ).toHaveLength(1);
    await host.expectNoPageErrors([...EXPECTED_BROWSER_NOISE, /^<checkout-button> could not render; its own content is shown instead\./]);
  });

  it('defines the element once when two copies of the script load, and the button still works', async () => {
    const copyOrigin = new URL(e2e.remoteCopyManifestUrl!).origin;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first copy's chunk waits until the second copy has defined the element: both entries ran before either defined it.
    const { host } = await openElementPage(open, {
      waitForButton: false,
      before: (page) => page.context.route(`${e2e.remoteUrl}/checkout-button.element.*.js`, (route) => held.then(() => route.continue())),
    });
    await host.waitUntil(() => remoteFiles(host).some((f) => f.startsWith('checkout-button.element.')), "the first copy's chunk request");
    await host.page.evaluate((src) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = src;
      document.head.append(script);
    }, `${copyOrigin}/checkout-button.js`);
    await host.waitForVisible(host.root(), 'the button, defined by the second copy');
    release();
    await expectDom(host, { state: 'resolved', disabled: false });
    expect(remoteFiles(host, copyOrigin).filter((f) => f.startsWith('checkout-button.element.'))).toHaveLength(1);
    // The first copy's chunk arrives and finds the element defined: no second definition, nothing thrown.
    await host.waitUntil(
      () => host.responses.some((r) => r.url.startsWith(`${e2e.remoteUrl}/checkout-button.element.`)),
      "the first copy's chunk",
    );
    await host.page.waitForTimeout(200);
    expect(await host.page.locator('[data-checkout-state]').count()).toBe(1);
    expect(await host.tags()).toMatchObject({ inserted: 1, executions: 1 });
    await host.button().click();
    await host.waitForCheckout();
    await host.expectNoPageErrors();
  });

  it('a nonce the browser hides (a CSP header): the Stripe.js tag still carries it, and Stripe.js loads', async () => {
    // Stripe.js is allowed by the nonce alone: an empty one on its tag would be script_blocked.
    const csp = `script-src 'nonce-{nonce}' ${e2e.remoteUrl}`;
    const { host } = await openElementPage(open, { file: 'nonce.html', csp });
    await expectDom(host, { state: 'resolved', disabled: false });
    const nonce = await host.page
      .locator('checkout-button')
      .evaluate((el) => ({ attribute: el.getAttribute('nonce'), property: (el as HTMLElement).nonce }));
    expect(nonce.attribute).toBe(''); // hidden by the browser
    expect(nonce.property).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const tagNonce = await host.page.evaluate(
      () => (document.querySelector('script[src^="https://js.stripe.com/"]') as HTMLScriptElement).nonce,
    );
    expect(tagNonce).toBe(nonce.property);
    expect(await host.cspViolations()).toEqual([]);
    expect(host.stripeRequests).toEqual([STRIPE_JS]);
    await host.expectNoPageErrors();
  });

  it('needs no inline script, eval or inline style under a strict CSP', async () => {
    // 'self' for the page's own stylesheet (its fallback form's look), a file: nothing inline.
    const csp = `default-src 'none'; script-src 'self' ${e2e.remoteUrl} https://js.stripe.com; connect-src 'self'; style-src 'self'`;
    const { host } = await openElementPage(open, { csp });
    await expectDom(host, { state: 'resolved', disabled: false });
    const background = await host.page.locator('checkout-button .mfc-button').evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).toBe('rgb(99, 91, 255)');
    expect(await host.cspViolations()).toEqual([]);
    await host.expectNoPageErrors();
  });
});
