// Hosts we did not write, each built by its own tool from tests/e2e/hosts/ (see
// support/hostMatrix.ts): every one shows its own page, gets the button to `resolved` with the
// stand-in Stripe.js, redirects on click, runs exactly one React (its own; the page without React
// gets the remote's preact/compat through ./mount, and no React at all), and logs no error. Their configs name the remote at http://localhost:3001,
// as a platform team's would; the browser's requests there are answered by the served remote.
import { gzipSync } from 'node:zlib';
import type { Route } from 'playwright-core';
import { CHECKOUT_URL_PREFIX, SESSION_PATH } from './support/sessionEndpoint';
import { PUBLISHABLE_KEY, e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';
import { CONFIGURED_REMOTE_ORIGIN, MATRIX, readHostMatrixEnv, type MatrixHost } from './support/hostMatrix';
import { FORM_PROPS, matrixStripeApiUrl, payFormButton, servedHost, testSessionProps, warehouseCalls } from './support/matrixPage';
import { expectFormPays } from './support/formPayment';
import { answerFromServedRemote } from './support/servedRemote';
import rootPackage from '../../package.json';
import { CHECKOUT_PATHS } from '../../server/routes';
import { controlStandIn, stripeForStandIn } from '../../stand-ins/stripeApi';
import { checkoutEvent, deliverSigned } from '../../stand-ins/webhookEvents';
import { FRAMEWORK_WEBHOOK_SECRET } from './support/env';

const matrix = readHostMatrixEnv();

interface RemoteResponse {
  url: string;
  bytes: number;
  gzipBytes: number;
}

interface Manifest {
  exposes: Array<{ path: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

/** What React DevTools would see: every react-dom that starts registers itself with this hook. */
function installRendererProbe(): void {
  const renderers: Array<{ name: string; version: string }> = [];
  (window as unknown as { __renderers: typeof renderers }).__renderers = renderers;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer: { rendererPackageName?: string; version?: string }) {
      renderers.push({ name: String(renderer.rendererPackageName), version: String(renderer.version) });
      return renderers.length;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

/**
 * The version of every React module the federation runtime handed out from its share scopes (none
 * without that runtime), read from the module itself: an entry's key may say another version, or
 * none (the remote's runtime re-registers a webpack built-in host's React without one).
 */
function loadedReactShares(): string[] {
  type Entry = { loaded?: unknown; lib?: () => { version?: string } };
  type Scopes = Record<string, Record<string, Record<string, Record<string, Entry>>>>;
  const share = (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Scopes } }).__FEDERATION__?.__SHARE__ ?? {};
  const loaded: string[] = [];
  for (const instance of Object.values(share))
    for (const scope of Object.values(instance))
      for (const [name, byVersion] of Object.entries(scope))
        for (const entry of Object.values(byVersion))
          if (entry?.loaded && typeof entry.lib === 'function' && /^react(-dom)?$/.test(name))
            loaded.push(`${name}@${entry.lib().version}`);
  return [...new Set(loaded)].sort();
}

e2eSuite('hosts we did not write', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  const report: string[] = [];
  let mountFiles: string[] = [];
  let buttonFiles: string[] = [];

  beforeAll(async () => {
    const manifest = (await (await fetch(e2e.manifestUrl!)).json()) as Manifest;
    const files = (path: string) => {
      const exposed = manifest.exposes.find((e) => e.path === path);
      if (!exposed) throw new Error(`the remote's manifest has no ${path}`);
      return [...exposed.assets.js.sync, ...exposed.assets.js.async];
    };
    mountFiles = files('./mount');
    buttonFiles = files('./CheckoutButton');
  });

  afterAll(() => {
    if (report.length)
      process.stderr.write(`\ne2e hosts: bytes from the remote's origin before the button showed\n${report.join('\n')}\n\n`);
  });

  /** Opens the host with the configured remote origin answered by the served remote, counting what it sends. */
  async function openHost(
    url: string,
    entry: MatrixHost['entry'],
    host?: MatrixHost,
  ): Promise<{ page: HostPage; remote: RemoteResponse[] }> {
    const page = await open({ url: 'about:blank', waitForButtons: 0 });
    const remote: RemoteResponse[] = [];
    await page.context.addInitScript(installRendererProbe);
    await page.context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, (route: Route) =>
      answerFromServedRemote(route, {
        seen: (url, body) => remote.push({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
      }),
    );
    const props = {
      publishableKey: PUBLISHABLE_KEY,
      ...(host ? testSessionProps(host, page) : { sessionEndpoint: `${SESSION_PATH}?key=${page.sessionKey}&seq=ok` }),
    };
    const query = new URLSearchParams({ props: JSON.stringify(props), remote: `${CONFIGURED_REMOTE_ORIGIN}/${entry}` });
    await page.page.goto(`${url}/?${query}`, { waitUntil: 'domcontentloaded' });
    return { page, remote };
  }

  // The hosts' own tests one after the other: five at once beside a CPU hog, a host's manifest (answered
  // through this process) outlasted the kit's 5 s bound and the button never came.
  for (const host of MATRIX) {
    const entry = matrix?.hosts[host.id];
    const via = host.entry === 'checkout-button.js' ? '<checkout-button>' : './mount';
    const label = `${host.react ? `its own React ${host.react}` : `the remote's renderer through ${via}`}, remote named ${host.remote === 'static' ? 'in its config' : 'at runtime'}`;
    it(`${host.id} shows its page and the button on ${label}, reaches resolved, redirects, logs no error`, async () => {
      if (!entry || entry.error || !entry.url) {
        throw new Error(
          `${host.id} is not available: ${entry?.error ?? 'the host matrix set-up did not run'}${process.env.CI === 'true' ? ' [CI=true]' : ''}`,
        );
      }
      const { page, remote } = await openHost(entry.url, host.entry, host);
      const expectedReact = entry.versions.react;

      // The host's own page.
      const heading = host.react ? `host, React ${expectedReact}` : 'host, no React';
      await page.waitForVisible(page.page.getByRole('heading', { name: heading }), `${host.id}'s own heading`);
      await page.waitForVisible(page.root(), `${host.id}'s checkout button`);
      const before = [...remote];
      await expectDom(page, { state: 'resolved', disabled: false });

      // Exactly one React: one react-dom registered, the host's own. The plain page has none: ./mount
      // renders with the remote's preact/compat, which registers no react-dom.
      expect(await page.page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers)).toEqual(
        host.react ? [{ name: 'react-dom', version: expectedReact }] : [],
      );
      const mountRequests = remote.filter((r) => mountFiles.some((file) => r.url.endsWith(`/${file}`)));
      if (host.react) {
        expect(await page.page.getByRole('heading').getAttribute('data-host-react')).toBe(expectedReact);
        // ./mount's chunks are the only ones of the remote that bundle React: a React host loads none,
        // and nothing from the remote but its entry and the button.
        expect(mountRequests).toEqual([]);
        const verification = host.verified ? ['release-inventory.json', 'release-inventory.json.sig'] : [];
        const expected = new Set(['mf-manifest.json', 'remoteEntry.js', ...buttonFiles, ...verification].map((file) => `/${file}`));
        expect(remote.map((r) => r.url).filter((url) => !expected.has(url))).toEqual([]);
        // A verified host asked for the signed inventory: its remote did not run unverified.
        expect(remote.map((r) => r.url)).toEqual(expect.arrayContaining(verification.map((file) => `/${file}`)));
        const shares = await page.page.evaluate(loadedReactShares);
        // react-dom 18 says 18.3.1-next-<commit>-<date> of itself.
        expect(shares.filter((share) => !share.split('@')[1].startsWith(expectedReact))).toEqual([]);
      } else {
        expect(await page.page.evaluate(() => 'React' in window)).toBe(false);
        if (host.entry === 'checkout-button.js') expect(remote.map((r) => r.url)).toContain('/checkout-button.js');
        else expect(mountRequests.length).toBeGreaterThan(0);
      }
      expect(before.length).toBeGreaterThan(0); // the configured remote origin was the one answering

      // A host of one's own, offline, pays on `npm run stripe:offline`'s own http page, which a button
      // never redirects to (https origins only): its payment is the form's, in its own test below.
      if (host.server !== 'offline') {
        await page.page.locator('.mfc-button').click(); // the element renders its button in an open shadow root
        await page.waitUntil(() => page.checkoutNavigations.length === 1, 'the navigation to Stripe Checkout');
        expect(page.checkoutNavigations[0].startsWith(CHECKOUT_URL_PREFIX)).toBe(true);
      }
      await page.expectNoPageErrors();

      const bytes = before.reduce((sum, r) => sum + r.bytes, 0);
      const gzip = before.reduce((sum, r) => sum + r.gzipBytes, 0);
      const versions = Object.entries(entry.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ');
      report.push(
        `  ${host.id.padEnd(25)} ${String(before.length).padStart(2)} files, ${bytes.toLocaleString('en')} B (${gzip.toLocaleString('en')} B gzip -9); ${host.react ? `React ${expectedReact}` : `the remote's preact ${rootPackage.dependencies.preact}`}; ${versions}`,
      );
    });
  }

  it("the page without a bundler updates, unmounts and mounts the button again through ./mount's handle", async () => {
    const entry = matrix?.hosts.plain;
    if (!entry?.url) throw new Error(`the plain host is not available: ${entry?.error ?? 'the host matrix set-up did not run'}`);
    const { page } = await openHost(entry.url, 'mf-manifest.json');
    await page.waitForVisible(page.root(), "the plain page's checkout button");
    await expectDom(page, { state: 'resolved', disabled: false });
    type PlainWindow = { payButton: { update(next: Record<string, unknown>): void; unmount(): void } };

    await page.page.evaluate(() => (window as unknown as PlainWindow).payButton.update({ children: 'Buy now', disabled: true }));
    const updated = page.page.getByRole('button', { name: 'Buy now' });
    await updated.waitFor();
    expect(await updated.isDisabled()).toBe(true);

    // Unmounted, the page's own form is back in the target: it pays again without the button.
    await page.page.evaluate(() => (window as unknown as PlainWindow).payButton.unmount());
    expect(await page.page.locator('#pay > *').evaluateAll((nodes) => nodes.map((n) => n.className))).toEqual(['checkout-fallback']);
    expect(await page.root().count()).toBe(0);
    await payFormButton(page).waitFor();

    // A string, so the page's import map resolves the runtime: it hands back the module it loaded.
    await page.page.evaluate(`import('@module-federation/runtime')
      .then(({ loadRemote }) => loadRemote('checkout/mount'))
      .then(({ mount }) => { window.payButton = mount(document.getElementById('pay'), { ...JSON.parse(new URLSearchParams(location.search).get('props')), children: 'Pay again' }); })`);
    await page.page.getByRole('button', { name: 'Pay again' }).waitFor();
    await expectDom(page, { state: 'resolved', disabled: false });
    expect(await page.tags()).toMatchObject({ inPage: 1, executions: 1 }); // the page's one Stripe.js load survived the remount
    await page.expectNoPageErrors();
  });

  /** A server-rendered host's HTML, asked for with the pay form's props: its form, as the server sent it. */
  async function serverForm(url: string): Promise<string> {
    const html = await (await fetch(`${url}/?props=${encodeURIComponent(JSON.stringify(FORM_PROPS))}`)).text();
    return /<form class="checkout-fallback"[\s\S]*?<\/form>/.exec(html)?.[0] ?? `(no form in ${html.length} characters of HTML)`;
  }

  // React 19 writes a form's `action` before its other attributes.
  const SERVED_FORM =
    /^<form class="checkout-fallback" action="\/api\/checkout-sessions" method="post"><input type="hidden" name="productId" value="coffee-beans-1kg"\/><input type="hidden" name="formKey" value="[0-9a-f]{32}"\/><button type="submit">Pay 12.00 €<\/button><\/form>$/;

  it('the Next.js page is rendered on the server under a nonce Content-Security-Policy, with the form that pays in its HTML, and the button works under it', async () => {
    const next = servedHost('next-react19');
    const response = await fetch(`${next.url}/?props=%7B%7D`);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("'strict-dynamic'");
    // Its own heading and text are in the HTML, before any script runs, and the slot's form.
    expect(html).toContain(`Next.js host, React ${next.versions.react}</h1>`);
    expect(html).toContain('This text is rendered on the server.</p>');
    expect(await serverForm(next.url)).toMatch(SERVED_FORM);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);

    const { page } = await openHost(next.url, 'mf-manifest.json');
    await expectDom(page, { state: 'resolved', disabled: false });
    expect(await payFormButton(page).count()).toBe(0); // the button took the form's place
    expect(await page.cspViolations()).toEqual([]);
    await page.expectNoPageErrors(); // a hydration mismatch is a console error
  });

  it('the React Router page is rendered on the server with the form that pays in its HTML, hydrates without a mismatch, and the browser loads the button after', async () => {
    const router = servedHost('react-router-react19');
    const html = await (await fetch(`${router.url}/?props=%7B%7D`)).text();
    // Its own heading and text are in the HTML, before any script runs, and the slot's form.
    expect(html).toContain(`React Router host, React ${router.versions.react}</h1>`);
    expect(html).toContain('This text is rendered on the server.</p>');
    expect(await serverForm(router.url)).toMatch(SERVED_FORM);

    const { page, remote } = await openHost(router.url, 'mf-manifest.json');
    await expectDom(page, { state: 'resolved', disabled: false });
    expect(await payFormButton(page).count()).toBe(0); // the button took the form's place
    expect(remote.map((r) => r.url)).toContain('/mf-manifest.json'); // the browser asked the remote, not the server
    await page.expectNoPageErrors(); // a hydration mismatch is a console error
  });

  for (const id of ['next-react19', 'react-router-react19', 'sveltekit']) {
    it(`${id}: with JavaScript disabled, the server's form pays (303 from server/ to the hosted page), under the page's own CSP`, async () => {
      const { url } = servedHost(id);
      const page = await open({ url: 'about:blank', waitForButtons: 0, javaScriptEnabled: false });
      await page.page.goto(`${url}/?props=${encodeURIComponent(JSON.stringify(FORM_PROPS))}`, { waitUntil: 'domcontentloaded' });
      await expectFormPays(page, payFormButton(page), matrixStripeApiUrl(id));
      // Nothing of the remote runs: the browser fetches what the page's HTML preloads (SvelteKit's
      // element file) with JavaScript off too, and nothing that file would ask for.
      const remoteFiles = page.requests.filter((r) => r.url.startsWith(CONFIGURED_REMOTE_ORIGIN)).map((r) => new URL(r.url).pathname);
      expect(remoteFiles).toEqual(id === 'sveltekit' ? ['/checkout-button.js'] : []);
      expect(page.console.filter((m) => /Content Security Policy/.test(m.text))).toEqual([]);
    });

    it(`${id}: two people with JavaScript disabled (two browser contexts, one address, one User-Agent) get two Checkout Sessions: each render's formKey`, async () => {
      const { url } = servedHost(id);
      const paid: string[] = [];
      const agents: string[] = [];
      for (let person = 0; person < 2; person++) {
        const page = await open({ url: 'about:blank', waitForButtons: 0, javaScriptEnabled: false });
        await page.page.goto(`${url}/?props=${encodeURIComponent(JSON.stringify(FORM_PROPS))}`, { waitUntil: 'domcontentloaded' });
        const agent = page.page.waitForRequest((request) => request.method() === 'POST').then((request) => request.headers()['user-agent']);
        paid.push(await expectFormPays(page, payFormButton(page), matrixStripeApiUrl(id)));
        agents.push(await agent);
      }
      expect(new Set(agents).size).toBe(1); // one browser build: without a key, one fingerprint
      expect(paid[0]).not.toBe(paid[1]);
    });
  }

  for (const host of MATRIX.filter((h) => h.server === 'framework')) {
    it(`${host.id}: the server half inside the framework (its own route handlers): the button pays through the API stand-in, whose webhook to the app ships the order once`, async () => {
      const { url } = servedHost(host.id);
      const { page } = await openHost(url, host.entry, host);
      await expectDom(page, { state: 'resolved', disabled: false });
      await page.page.locator('.mfc-button').click();
      await page.waitUntil(() => page.checkoutNavigations.length === 1, 'the navigation to Stripe Checkout');
      const sessionId = /\/pay\/(cs_test_\w+)/.exec(page.checkoutNavigations[0])![1];
      const stripeApiUrl = matrixStripeApiUrl(host.id);
      const session = await stripeForStandIn({ port: Number(new URL(stripeApiUrl).port) }).checkout.sessions.retrieve(sessionId);
      expect(session.metadata).toMatchObject({ product_id: 'coffee-beans-1kg', integration: 'checkout-button' }); // created by the app's own route

      // The person pays: the stand-in delivers checkout.session.completed, signed, to the app's webhook route.
      await controlStandIn(stripeApiUrl).complete(sessionId, 'paid');
      const shipped = async () => (await warehouseCalls()).filter((call) => call.idempotencyKey === sessionId);
      expect(await shipped()).toEqual([
        {
          idempotencyKey: sessionId,
          order: expect.objectContaining({ checkoutSessionId: sessionId, productId: 'coffee-beans-1kg' }),
          status: 200,
        },
      ]);
      const status = await (await fetch(`${url}${CHECKOUT_PATHS.status}?session_id=${sessionId}`)).json();
      expect(status).toMatchObject({ status: 'complete', paymentStatus: 'paid' });

      // Stripe delivers again (it may): acknowledged, nothing shipped twice. A forged one is refused.
      const paid = await stripeForStandIn({ port: Number(new URL(stripeApiUrl).port) }).checkout.sessions.retrieve(sessionId);
      const again = await deliverSigned(
        `${url}${CHECKOUT_PATHS.webhook}`,
        checkoutEvent('checkout.session.completed', paid as unknown as Record<string, unknown>),
        FRAMEWORK_WEBHOOK_SECRET,
      );
      expect(again.status).toBe(200);
      const forged = await deliverSigned(
        `${url}${CHECKOUT_PATHS.webhook}`,
        checkoutEvent('checkout.session.completed', paid as unknown as Record<string, unknown>),
        'whsec_not_the_apps',
      );
      expect(forged.status).toBe(400);
      expect(await shipped()).toHaveLength(1);
      await page.expectNoPageErrors();
    });
  }

  for (const host of MATRIX.filter((h) => h.server === 'offline')) {
    it(`${host.id}: a host of one's own, offline: its form pays on the hosted page of \`npm run stripe:offline\`, whose webhook to the host's own route ships the order once`, async () => {
      const { url } = servedHost(host.id);
      const stripeUrl = matrixStripeApiUrl(host.id);
      const page = await open({ url: 'about:blank', waitForButtons: 0, javaScriptEnabled: false });
      await page.page.goto(`${url}/`, { waitUntil: 'domcontentloaded' });
      // The host's own session route answers 303 to the stand-in's hosted page (Astro: allowedDomains lets the post through).
      // Failure deadlines for a busy machine: the host's first post may wait for its database's open.
      await Promise.all([page.page.waitForURL(`${stripeUrl}/demo-checkout?session=*`, { timeout: 90_000 }), payFormButton(page).click()]);
      const sessionId = new URL(page.page.url()).searchParams.get('session')!;
      // The person pays there: the stand-in delivers checkout.session.completed, signed, to the host's webhook, then sends them back.
      await Promise.all([
        page.page.waitForURL(`${url}/order?session_id=${sessionId}`, { timeout: 90_000 }),
        page.page.getByRole('button', { name: 'Pay 12.00 € by card' }).click(),
      ]);
      expect((await warehouseCalls()).filter((call) => call.idempotencyKey === sessionId)).toEqual([
        {
          idempotencyKey: sessionId,
          order: expect.objectContaining({ checkoutSessionId: sessionId, productId: 'coffee-beans-1kg' }),
          status: 200,
        },
      ]);
      const status = await (await fetch(`${url}${CHECKOUT_PATHS.status}?session_id=${sessionId}`)).json();
      expect(status).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    }, 240_000);
  }

  it('the Vue page unmounts the button with its component (onBeforeUnmount), and nothing is left', async () => {
    const vue = servedHost('vue');
    const { page } = await openHost(vue.url, 'mf-manifest.json');
    await page.waitForVisible(page.root(), "the Vue page's checkout button");
    await expectDom(page, { state: 'resolved', disabled: false });
    await page.page.evaluate(() => (window as unknown as { vueApp: { unmount(): void } }).vueApp.unmount());
    expect(await page.page.locator('[data-checkout-state]').count()).toBe(0);
    expect(await page.page.locator('#root').innerHTML()).toBe('');
    await page.expectNoPageErrors();
  });
});
