// The form under every button pays, and the button takes its place without moving anything: in a
// browser that runs no script, the host example's page (its index.html) and the element page pay
// through their forms, against server/'s routes and the Stripe API stand-in; with scripts, the
// button replaces the form with a layout shift of 0 (Chromium's own measure) in the same box.
import type { Route } from 'playwright-core';
import { CONFIGURED_REMOTE_ORIGIN } from './support/env';
import { BUTTON_LABEL, e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';
import { boxOf, expectFormPays, layoutShift, recordLayoutShifts } from './support/formPayment';

const fallbackButton = (host: HostPage) => host.page.locator('form.checkout-fallback').getByRole('button', { name: BUTTON_LABEL });

e2eSuite('paying through the form, before or without any script', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it("JavaScript disabled: the host example's page pays from its HTML (303 to the hosted page of a session server/ created)", async () => {
    const host = await open({ url: 'about:blank', waitForButtons: 0, javaScriptEnabled: false });
    await host.page.goto(`${e2e.integrationUrl}/`, { waitUntil: 'domcontentloaded' });
    await expectFormPays(host, fallbackButton(host), e2e.stripeApiUrl!);
    // Its HTML still preloads the remote's manifest (not its entry: the verifier asks for that with its integrity); nothing ran.
    expect(host.stripeRequests).toEqual([]);
    expect(
      host.requests
        .filter((r) => r.url.startsWith(CONFIGURED_REMOTE_ORIGIN))
        .map((r) => new URL(r.url).pathname)
        .sort(),
    ).toEqual(['/mf-manifest.json']);
  });

  it("JavaScript disabled: the element page pays through <checkout-button>'s children", async () => {
    const host = await open({ url: 'about:blank', waitForButtons: 0, javaScriptEnabled: false });
    await host.page.goto(`${e2e.hostUrl}/element/?remote=${encodeURIComponent(e2e.remoteUrl!)}`, { waitUntil: 'domcontentloaded' });
    await expectFormPays(host, fallbackButton(host), e2e.stripeApiUrl!);
    // Its HTML's module preload of the one file is fetched; nothing of the remote runs without a script to add the tag.
    expect(host.requests.filter((r) => r.url.startsWith(e2e.remoteUrl!)).map((r) => new URL(r.url).pathname)).toEqual([
      '/checkout-button.js',
    ]);
  });
});

e2eSuite('one Checkout Session per person, not per address: each form carries its own formKey', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  /** Two people (two browser contexts: one address, one User-Agent) pay through the form at `url`; the sessions each landed on. */
  async function twoPeoplePay(
    url: string,
    { javaScriptEnabled }: { javaScriptEnabled: boolean },
  ): Promise<{ sessions: string[]; agents: string[] }> {
    const sessions: string[] = [];
    const agents: string[] = [];
    for (let person = 0; person < 2; person++) {
      const host = await open({ url: 'about:blank', waitForButtons: 0, javaScriptEnabled });
      // The remote is down: the page's own form is what pays.
      for (const origin of [CONFIGURED_REMOTE_ORIGIN, e2e.remoteUrl!])
        await host.context.route(`${origin}/**`, (route: Route) => route.abort('connectionrefused'));
      await host.page.goto(url, { waitUntil: 'domcontentloaded' });
      const agent = host.page.waitForRequest((request) => request.method() === 'POST').then((request) => request.headers()['user-agent']);
      sessions.push(await expectFormPays(host, fallbackButton(host), e2e.stripeApiUrl!));
      agents.push(await agent);
    }
    return { sessions, agents };
  }

  it('the element page with the remote down: its own script adds a formKey at the first submit, so two people get two sessions', async () => {
    const { sessions, agents } = await twoPeoplePay(`${e2e.hostUrl}/element/?remote=${encodeURIComponent(e2e.remoteUrl!)}`, {
      javaScriptEnabled: true,
    });
    expect(new Set(agents).size).toBe(1);
    expect(sessions[0]).not.toBe(sessions[1]);
  });

  it("the host example's slot with the remote down: its form's key is made per render, so two people get two sessions", async () => {
    const { sessions, agents } = await twoPeoplePay(`${e2e.integrationUrl}/`, { javaScriptEnabled: true });
    expect(new Set(agents).size).toBe(1);
    expect(sessions[0]).not.toBe(sessions[1]);
  });

  it('the last resort, a static page in a browser with no script: no key, so the fingerprint alone puts both on one open session', async () => {
    const { sessions } = await twoPeoplePay(`${e2e.hostUrl}/element/?remote=${encodeURIComponent(e2e.remoteUrl!)}`, {
      javaScriptEnabled: false,
    });
    expect(sessions[0]).toBe(sessions[1]);
  });
});

e2eSuite('the button takes the form’s place without moving anything', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  const measured: string[] = [];

  afterAll(() => {
    if (measured.length)
      process.stderr.write(`\ne2e form fallback: layout shift when the button replaced the form\n${measured.join('\n')}\n\n`);
  });

  /** Opens `url` with the remote's first file held until the form shows, then lets it through and waits for the button. */
  async function replaceForm(url: string, held: string): Promise<{ host: HostPage; before: Awaited<ReturnType<typeof boxOf>> }> {
    const host = await open({ url: 'about:blank', waitForButtons: 0 });
    await host.context.addInitScript(recordLayoutShifts);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await host.context.route(held, (route: Route) => gate.then(() => route.continue()));
    await host.page.goto(url, { waitUntil: 'domcontentloaded' });
    await host.waitForVisible(fallbackButton(host), 'the form');
    // Two frames: what is on screen is what the person saw before the button came.
    await host.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const before = await boxOf(fallbackButton(host));
    release();
    await host.waitForVisible(host.button(), 'the checkout button');
    await expectDom(host, { state: 'resolved' }, 0, 10_000);
    await host.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return { host, before };
  }

  it('the host example: its slot’s form, then the remote’s button in the same box; layout shift 0', async () => {
    const query = new URLSearchParams({
      remote: e2e.manifestUrl!,
      props: JSON.stringify({ sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'coffee-beans-1kg' } }),
    });
    const { host, before } = await replaceForm(`${e2e.hostUrl}/?${query}`, e2e.manifestUrl!);
    expect(await fallbackButton(host).count()).toBe(0);
    expect(await boxOf(host.page.locator('.mfc-button'))).toEqual(before);
    const shift = await layoutShift(host);
    measured.push(`  host example: ${shift.total} (${shift.moved.join(', ') || 'nothing moved'})`);
    expect(shift).toEqual({ total: 0, moved: [] });
    await host.expectNoPageErrors();
  });

  it('the element page: its children’s form, then the button in its shadow root in the same box; layout shift 0', async () => {
    const { host, before } = await replaceForm(
      `${e2e.hostUrl}/element/?remote=${encodeURIComponent(e2e.remoteUrl!)}`,
      `${e2e.remoteUrl}/checkout-button.js`,
    );
    expect(await fallbackButton(host).isVisible()).toBe(false);
    expect(await boxOf(host.page.locator('checkout-button .mfc-button'))).toEqual(before);
    const shift = await layoutShift(host);
    measured.push(`  element page: ${shift.total} (${shift.moved.join(', ') || 'nothing moved'})`);
    expect(shift).toEqual({ total: 0, moved: [] });
    await host.expectNoPageErrors();
  });
});
