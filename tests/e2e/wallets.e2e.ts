// Wallets mode in a real browser: the host example's page with server/'s session endpoint (against
// the Stripe API stand-in, so the wallet session is a real `elements` session of the stand-in), and
// the Stripe.js stand-in's Express Checkout Element, whose device wallets and payment outcome are
// switches (`window.__stripeWallets`, stand-ins/stripeJs.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator } from 'playwright-core';
import type { ExpressCheckoutProbe, WalletSwitches } from '../../stand-ins/stripeJs';
import { WALLET_TEXTS } from '../../src/i18n/texts/wallets';
import { axeViolations } from './support/axePage';
import { details, openElementPage } from './support/elementPage';
import { e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage, type OpenOptions } from './support/harness';

const SESSIONS = '/api/checkout-sessions';
const product = { productId: 'coffee-beans-1kg' };
/** `testEndpoint`: the suite's scripted endpoint (its `session` steps) instead of server/'s. */
const wallets = (switches: WalletSwitches = {}, more: OpenOptions = {}, testEndpoint = false): OpenOptions => ({
  ...more,
  props: { mode: 'wallets', ...(testEndpoint ? {} : { sessionEndpoint: SESSIONS }), sessionBody: product, ...more.props },
  initScript: `window.__stripeWallets = ${JSON.stringify(switches)};`,
});
const walletCodes = async (host: HostPage) => (await host.errorCodes()).filter((code) => code.startsWith('wallet'));

type Probe = { __expressCheckout?: ExpressCheckoutProbe };
const probe = (host: HostPage) => host.page.evaluate(() => (window as Probe).__expressCheckout ?? null);

/** The wallet session requests (POSTs whose body asks for mode "wallets") and the card button's. */
function sessionPosts(host: HostPage, mode: 'wallets' | 'redirect') {
  return host.requests.filter((r) => r.method === 'POST' && r.url.includes('/api/') && r.body && JSON.parse(r.body).mode === mode);
}

const row = (host: HostPage, i = 0): Locator => host.root(i).locator('[data-wallets]');
const walletButton = (host: HostPage, name: string, i = 0) => host.root(i).getByRole('button', { name: `${name} (stand-in)` });

async function walletsShown(host: HostPage, i = 0, name = 'Express checkout'): Promise<void> {
  await host.waitForVisible(host.root(i).getByRole('group', { name }), 'the wallet row');
}

/** The remote's chunks that carry the wallet row (its telemetry's event name is in it, and nowhere else). */
function walletChunks(): string[] {
  return readdirSync(e2e.remoteDir!).filter(
    (f) => f.endsWith('.js') && readFileSync(path.join(e2e.remoteDir!, f), 'utf8').includes('"wallets_ready"'),
  );
}

e2eSuite('wallets mode: Apple Pay, Google Pay and Link above the card button', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it("its code is a chunk of its own, fetched in wallets mode only, with the button's files once the page started a wallet session", async () => {
    const chunks = walletChunks();
    expect(chunks.length).toBeGreaterThan(0);
    const fetched = (host: HostPage) => host.requests.map((r) => new URL(r.url).pathname.slice(1)).filter((f) => chunks.includes(f));
    for (const mode of ['redirect', 'embedded'] as const) {
      const host = await open({ props: { mode } });
      await host.waitForStates(2);
      await host.page.waitForTimeout(1_500); // past the idle-time fetches of the click's code and the dialog
      expect({ mode, fetched: fetched(host) }).toEqual({ mode, fetched: [] });
    }
    const host = await open(wallets());
    await walletsShown(host);
    expect(fetched(host)).toHaveLength(1);
    // The host example asks for the wallet session at page start (startWalletSession), so the
    // button takes it: it was requested before the button's wallet code was.
    const asked = (test: (r: HostPage['requests'][number]) => boolean) => host.requests.findIndex(test);
    const session = asked((r) => r.method === 'POST' && r.url.includes('/api/') && JSON.parse(r.body ?? '{}').mode === 'wallets');
    expect(session).toBeGreaterThanOrEqual(0);
    expect(session).toBeLessThan(asked((r) => chunks.includes(new URL(r.url).pathname.slice(1))));
    expect(sessionPosts(host, 'wallets')).toHaveLength(1);
    // And so the kit asks for the row's chunk with the button's own files (walletRowEarly.ts): before
    // the button's code was even in, so before it could render. Once: its script ran from that response.
    const timings = await host.page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        file: new URL(e.name).pathname.slice(1),
        start: e.startTime,
        end: e.responseEnd,
      })),
    );
    const rowChunk = timings.filter((t) => chunks.includes(t.file));
    const button = timings.find((t) => t.file.startsWith('__federation_expose_CheckoutButton.'));
    expect(rowChunk).toHaveLength(1);
    expect(rowChunk[0].start).toBeLessThan(button!.end);
  });

  it('a row chunk that cannot be fetched: the card button alone, reported as wallets_unavailable; the remote runs', async () => {
    const refused: string[] = [];
    const routes = (context: BrowserContext) =>
      context.route(`${e2e.remoteUrl}/wallets.*.js`, (route) => (refused.push(route.request().url()), route.abort('connectionrefused')));
    const host = await open(wallets({}, { routes }));
    await host.waitUntil(async () => (await host.errorCodes()).includes('wallets_unavailable'), 'wallets_unavailable');
    // Asked for early by the kit, then again by the button's own loader as it rendered.
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(await row(host).count()).toBe(0);
    await expectDom(host, { state: 'resolved', disabled: false, alert: null });
    await host.button().click();
    await host.waitForCheckout();
  });

  it('shows the wallets only after Stripe.js resolved and ready named them; one elements session, asked for as "wallets"', async () => {
    const host = await open(wallets({ wallets: ['apple_pay', 'google_pay', 'link'] }, { stripe: { delayMs: 1_500, then: 'ok' } }));
    // Stripe.js pending: the card button alone, nothing reserved above it.
    await expectDom(host, { state: 'pending', disabled: false });
    expect(await host.root().locator('[data-wallets]:not([data-wallets="measuring"])').count()).toBe(0);
    expect(await host.root().getByRole('group').count()).toBe(0);
    await walletsShown(host);
    expect(await host.states()).toEqual(['pending', 'resolved']);
    for (const name of ['Apple Pay', 'Google Pay', 'Link']) expect(await walletButton(host, name).isVisible()).toBe(true);
    expect(await row(host).getAttribute('data-wallets')).toBe('shown');
    // Above the card button.
    const rowBox = (await row(host).boundingBox())!;
    const cardBox = (await host.button().boundingBox())!;
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(cardBox.y);
    const posts = sessionPosts(host, 'wallets');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].body!)).toEqual({ ...product, mode: 'wallets' });
    expect(posts[0].headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    const answer = host.responses.find((r) => r.url.includes(SESSIONS));
    expect(answer?.status).toBe(200);
    expect((await probe(host))?.secrets).toEqual([expect.stringMatching(/^cs_test_\w+_secret_\w+$/)]);
    await host.expectNoPageErrors();
  });

  it('the card button still leaves for the hosted page, asking for a "redirect" session', async () => {
    const host = await open(wallets());
    await walletsShown(host);
    await host.button().click();
    await host.waitForCheckout();
    expect(sessionPosts(host, 'redirect')).toHaveLength(1);
    expect(sessionPosts(host, 'wallets')).toHaveLength(1);
  });

  it.each<[string, OpenOptions]>([
    ['Stripe.js rejected', wallets({}, { stripe: 'abort', props: { maxLoadAttempts: 1 } })],
    ['no wallet on this device', wallets({ wallets: [] })],
  ])('%s: the card button alone, and it leaves for the hosted page', async (_name, options) => {
    const host = await open(options);
    await host.waitForStates(2);
    await host.page.waitForTimeout(400);
    expect(await host.root().getByRole('group').count()).toBe(0);
    expect(await host.root().getByRole('button').count()).toBe(1);
    // Nothing empty in the page: the row is out of sight or not there at all.
    const rows = await row(host).count();
    if (rows) expect(await row(host).getAttribute('data-wallets')).toBe('measuring');
    expect(await walletCodes(host)).toEqual([]);
    await host.button().click();
    await host.waitForCheckout();
  });

  /** The completions onComplete reported, as the session ids it named. */
  const completions = async (host: HostPage) => (await host.events()).flatMap((e) => (e.kind === 'complete' ? [e.sessionId] : []));
  const sessionOf = (secret: string) => secret.split('_secret_')[0];

  /** A wallet payment that went through stayed on the page: onComplete, no navigation, Stripe.js sent the page nowhere. */
  async function paidInPlace(host: HostPage, sessionId: string): Promise<void> {
    await host.waitUntil(async () => (await completions(host)).length > 0, 'onComplete');
    expect(await completions(host)).toEqual([sessionId]);
    expect((await probe(host))?.redirects).toEqual([]);
    host.expectNoNavigation();
  }

  it('success: in place (Stripe.js asked not to redirect), onComplete names the session, the row goes, the page reads that order', async () => {
    const host = await open(wallets({ wallets: ['google_pay'], result: 'success' }));
    await walletsShown(host);
    const sessionId = sessionOf((await probe(host))!.secrets[0]);
    // Stripe's API takes the payment as the wallet confirms (the stand-in Stripe.js calls the API stand-in).
    await walletButton(host, 'Google Pay').click();
    await paidInPlace(host, sessionId);
    await host.waitForVisible(host.page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }), 'the paid status');
    const statusReads = host.requests.filter((r) => r.url.includes('/api/checkout-session-status'));
    expect(statusReads.map((r) => new URL(r.url).searchParams.get('session_id'))).toEqual([sessionId]);
    expect(await host.root().getByRole('group').count()).toBe(0);
    expect((await probe(host))?.destroyed).toBe(1);
    expect(await host.errorCodes()).toEqual([]);
    await host.expectNoPageErrors();
  });

  it("the Stripe.js stand-in does what Stripe.js does after a confirm: 'always' (the default) leaves for the session's return_url, 'if_required' stays", async () => {
    const host = await open(wallets({ wallets: ['google_pay'] }));
    await walletsShown(host);
    const confirmWith = (secret: string, redirect?: string) =>
      host.page.evaluate(
        async ([secret, redirect]) => {
          const stripe = (
            window as unknown as {
              Stripe: (key: string) => {
                initCheckoutElementsSdk: (o: object) => {
                  loadActions: () => Promise<{ type: string; actions: { confirm: (a: object) => Promise<{ type: string }> } }>;
                };
              };
            }
          ).Stripe('pk_test_e2eStandInKey');
          const loaded = await stripe.initCheckoutElementsSdk({ clientSecret: secret }).loadActions();
          const confirm = loaded.actions.confirm({
            expressCheckoutConfirmEvent: { expressPaymentType: 'google_pay' },
            ...(redirect ? { redirect } : {}),
          });
          return Promise.race([
            confirm.then(
              (r) => r.type,
              (e: Error) => `threw: ${e.message}`,
            ),
            // Only a failure deadline: a confirm goes to the API stand-in and back, seconds on a busy machine.
            new Promise((r) => setTimeout(() => r('unsettled'), 15_000)),
          ]);
        },
        [secret, redirect] as const,
      );
    const newSecret = async () => {
      const res = await host.page.request.post(`${e2e.hostUrl}${SESSIONS}`, {
        data: { ...product, mode: 'wallets' },
        headers: { 'Idempotency-Key': `stand-in-default-${Math.random()}` },
      });
      return ((await res.json()) as { clientSecret: string }).clientSecret;
    };
    expect(await confirmWith(await newSecret(), 'sometimes')).toMatch(/^threw: .*redirect must be/);
    expect(await confirmWith(await newSecret(), 'if_required')).toBe('success');
    expect(host.page.url()).toBe(host.pageUrl);
    // The default: once paid, the page leaves for the session's return_url (its promise goes with the page).
    const secret = await newSecret();
    const leaving = host.page.waitForURL((url) => url.searchParams.get('session_id') === sessionOf(secret), { waitUntil: 'commit' });
    void confirmWith(secret).catch(() => undefined);
    await leaving;
    expect(new URL(host.page.url()).pathname).toBe('/');
  });

  it("two tabs, each with its wallet session: the tab that paid reads its own order, not the newer tab's", async () => {
    const first = await open(wallets({ wallets: ['google_pay'] }));
    await walletsShown(first);
    const paid = sessionOf((await probe(first))!.secrets[0]);
    // The same browser opens the page again: a newer wallet session (that tab's), and nobody pays it.
    const second = await first.context.newPage();
    await second.goto(first.pageUrl, { waitUntil: 'domcontentloaded' });
    await second.locator('[data-checkout-state]').getByRole('group', { name: 'Express checkout' }).waitFor();
    const other = await second.evaluate(() => (window as Probe).__expressCheckout!.secrets[0]);
    expect(sessionOf(other)).not.toBe(paid);
    await walletButton(first, 'Google Pay').click();
    await paidInPlace(first, paid);
    await first.waitForVisible(first.page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }), 'the paid status');
    const statusReads = first.requests.filter((r) => r.url.includes('/api/checkout-session-status'));
    expect(statusReads.map((r) => new URL(r.url).searchParams.get('session_id'))).toEqual([paid]);
    await first.expectNoPageErrors();
  });

  it("a decline: the person's sentence in their language, the wallets still usable", async () => {
    const host = await open(wallets({ wallets: ['apple_pay', 'link'], result: 'decline' }, { props: { stripeOptions: { locale: 'fr' } } }));
    await walletsShown(host, 0, WALLET_TEXTS.fr.walletsLabel);
    await walletButton(host, 'Apple Pay').click();
    const alert = host.root().getByRole('alert');
    await host.waitForVisible(alert, 'the decline');
    expect(await alert.textContent()).toBe(WALLET_TEXTS.fr.wallet_declined);
    expect(await host.errorCodes()).toEqual(['wallet_declined']);
    expect(await host.root().getAttribute('lang')).toBe('fr');
    expect(await axeViolations(host.page)).toEqual([]);
    // The wallet's sheet was told, then closed (cancel after confirm): the sentence stays.
    await host.waitUntil(async () => (await probe(host))?.paymentFailed === 1, "the wallet's sheet told of the failure");
    expect(await probe(host)).toMatchObject({ confirms: 1, paymentFailed: 1 });
    expect(await alert.isVisible()).toBe(true);
    // Another try, and this one goes through, in place.
    await host.page.evaluate(
      () => ((window as { __stripeWallets?: object }).__stripeWallets = { wallets: ['apple_pay', 'link'], result: 'success' }),
    );
    await walletButton(host, 'Link').click();
    await paidInPlace(host, sessionOf((await probe(host))!.secrets[0]));
    await host.expectNoPageErrors();
  });

  it('cancel: back to idle, no error; telemetry says cancel, and nothing personal', async () => {
    const host = await open(wallets({ wallets: ['google_pay'], result: 'cancel' }));
    await host.page.evaluate(async () => {
      const w = window as unknown as {
        __telemetry: unknown[];
        __loadRemote: (id: string) => Promise<{ subscribeCheckoutEvents: (l: (e: unknown) => void) => void }>;
      };
      w.__telemetry = [];
      (await w.__loadRemote('checkout/stripeScript')).subscribeCheckoutEvents((event) => w.__telemetry.push(event));
    });
    await walletsShown(host);
    await walletButton(host, 'Google Pay').click();
    await host.page.waitForTimeout(200);
    expect(await host.root().getByRole('alert').count()).toBe(0);
    expect(await row(host).getAttribute('data-wallets')).toBe('shown');
    expect(await host.errorCodes()).toEqual([]);
    await host.page.evaluate(
      () => ((window as { __stripeWallets?: object }).__stripeWallets = { wallets: ['google_pay'], result: 'decline' }),
    );
    await walletButton(host, 'Google Pay').click();
    await host.waitForVisible(host.root().getByRole('alert'), 'the decline');
    // The sheet's cancel follows the decline's alert by a task or more: wait for it, on a busy machine too.
    await host.page
      .waitForFunction(
        () =>
          (window as unknown as { __telemetry: Array<{ type: string }> }).__telemetry.filter((e) => e.type.startsWith('wallet_')).length >=
          4,
        null,
        { timeout: 20_000 },
      )
      .catch(() => undefined); // the assertion below names what is missing
    const telemetry = await host.page.evaluate(() => (window as unknown as { __telemetry: Array<Record<string, unknown>> }).__telemetry);
    const walletEvents = telemetry.filter((e) => String(e.type).startsWith('wallet_')).map(({ at: _at, ms: _ms, ...rest }) => rest);
    expect(walletEvents).toEqual([
      { type: 'wallet_cancel' },
      { type: 'wallet_confirm', method: 'google_pay' },
      { type: 'wallet_result', code: 'wallet_declined' },
      { type: 'wallet_cancel' },
    ]);
    // `wallets_ready` came before the subscription; the rest carry no name, email or secret.
    expect(JSON.stringify(telemetry)).not.toMatch(/Jenny|jenny\.rosen|_secret_|cs_test_/);
  });

  it('cancel, then a payment that goes through: in place, with onComplete', async () => {
    const host = await open(wallets({ wallets: ['google_pay'], result: 'cancel' }));
    await walletsShown(host);
    await walletButton(host, 'Google Pay').click();
    await host.page.waitForTimeout(200);
    expect(await completions(host)).toEqual([]);
    await host.page.evaluate(
      () => ((window as { __stripeWallets?: object }).__stripeWallets = { wallets: ['google_pay'], result: 'success' }),
    );
    await walletButton(host, 'Google Pay').click();
    await paidInPlace(host, sessionOf((await probe(host))!.secrets[0]));
    await host.expectNoPageErrors();
  });

  it('loaderror: the card button only, reported as wallets_unavailable', async () => {
    const host = await open(wallets({ loadError: true }));
    await host.waitUntil(async () => (await host.errorCodes()).includes('wallets_unavailable'), 'wallets_unavailable');
    expect(await host.root().getByRole('group').count()).toBe(0);
    expect(await row(host).count()).toBe(0);
    await expectDom(host, { state: 'resolved', disabled: false, alert: null });
    await host.button().click();
    await host.waitForCheckout();
  });

  it('an endpoint that fails: three attempts with one idempotency key, then the card button alone', async () => {
    const host = await open(wallets({}, { session: { seq: ['500', '500', '500', 'ok'] } }, true));
    await host.waitUntil(async () => (await host.errorCodes()).includes('wallets_unavailable'), 'wallets_unavailable', 15_000);
    const log = await host.sessionLog();
    expect(log).toHaveLength(3);
    expect(new Set(log.map((l) => l.idempotencyKey)).size).toBe(1);
    expect(log.map((l) => JSON.parse(l.body).mode)).toEqual(['wallets', 'wallets', 'wallets']);
    expect(await host.root().getByRole('group').count()).toBe(0);
    await host.button().click();
    await host.waitForCheckout();
    expect((await host.sessionLog()).map((l) => JSON.parse(l.body).mode)).toEqual(['wallets', 'wallets', 'wallets', 'redirect']);
  });

  it('one wallet session for every button of the page (StrictMode, three buttons for the same product)', async () => {
    const host = await open(wallets({}, { buttons: 3 }));
    for (const i of [0, 1, 2]) await walletsShown(host, i);
    expect(sessionPosts(host, 'wallets')).toHaveLength(1);
    const secrets = (await probe(host))!.secrets;
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(secrets).size).toBe(1);
  });

  it('renewed before it expires while the page stays open, without the row leaving', async () => {
    const host = await open(wallets({}, { installClock: true }));
    await walletsShown(host);
    expect(sessionPosts(host, 'wallets')).toHaveLength(1);
    // The server's sessions last an hour; the button renews 5 minutes before. Just past that point,
    // so the renewal's request is not timed out by the jump (the network answers in real time).
    await host.context.clock.runFor(55 * 60_000 + 2_000);
    await host
      .waitUntil(async () => ((await probe(host))?.secrets.length ?? 0) >= 2, 'the renewed element')
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await host.diagnose()}\nprobe ${JSON.stringify(await probe(host))}`);
      });
    const posts = sessionPosts(host, 'wallets');
    expect(posts).toHaveLength(2);
    expect(posts[1].headers['idempotency-key']).not.toBe(posts[0].headers['idempotency-key']);
    const { secrets } = (await probe(host))!;
    expect(secrets[1]).not.toBe(secrets[0]);
    await walletsShown(host);
  });

  it('never moves the card button from under the pointer: the row waits until the pointer leaves', async () => {
    const host = await open(wallets({ readyMs: 1_500 }, { stripe: { delayMs: 300, then: 'ok' } }));
    await host.button().hover();
    const before = (await host.button().boundingBox())!;
    await host.waitUntil(async () => (await probe(host))?.mounted === 1, 'the element mounted');
    // `ready` named the wallets: the button's `wallets_ready` event, on the demo's timeline.
    await host.waitForVisible(host.page.locator('ol.timeline').getByText('wallets shown: googlePay, link'), 'the wallets_ready event');
    // Still out of sight, the button where it was.
    expect(await row(host).getAttribute('data-wallets')).toBe('measuring');
    expect(await host.button().boundingBox()).toEqual(before);
    await host.page.mouse.move(0, 0);
    await walletsShown(host);
  });

  it('<checkout-button mode="wallets"> (docs/hosts/wallets.md\'s page): the row in the shadow root, checkout-complete', async () => {
    const { host, events } = await openElementPage(open, {
      file: 'wallets.html',
      before: (h) => h.context.addInitScript(() => ((window as { __stripeWallets?: object }).__stripeWallets = { wallets: ['link'] })),
    });
    await host.waitForVisible(host.page.getByRole('group', { name: 'Express checkout' }), 'the wallet row in the shadow root');
    expect(sessionPosts(host, 'wallets').map((r) => JSON.parse(r.body!))).toEqual([{ ...product, mode: 'wallets' }]);
    const secret = await host.page.evaluate(() => (window as Probe).__expressCheckout!.secrets[0]);
    await host.page.getByRole('button', { name: 'Link (stand-in)' }).click();
    await host.waitUntil(() => events.some((e) => e.type === 'checkout-complete'), 'checkout-complete');
    // The paid session's id, as after an embedded payment; the page then goes where it chose, not to return_url.
    expect(details(events, 'checkout-complete')).toEqual([{ sessionId: sessionOf(secret) }]);
    await host.page.waitForURL((url) => url.pathname === '/order/paid', { waitUntil: 'commit' });
  });

  it('./mount with mode "wallets"', async () => {
    const host = await open(wallets({ wallets: ['google_pay'] }));
    await host.page.evaluate(
      async (props) => {
        const w = window as unknown as { __loadRemote: (id: string) => Promise<{ mount: (el: HTMLElement, p: object) => unknown }> };
        const target = document.createElement('div');
        target.id = 'mounted';
        document.body.append(target);
        (await w.__loadRemote('checkout/mount')).mount(target, props);
      },
      { publishableKey: 'pk_test_e2eStandInKey', mode: 'wallets', sessionEndpoint: SESSIONS, sessionBody: product },
    );
    await host.waitForVisible(host.page.locator('#mounted').getByRole('group', { name: 'Express checkout' }), 'the mounted row');
  });
});
