// A chunk of the remote with other bytes than its release's never runs: a proxy in front of the
// remote (a Playwright route that fetches the real file and puts a statement of its own in front)
// changes the chunk fetched at idle, or the click's chunk. The changed code would set
// `window.__tampered`; the browser refuses it for its integrity, the host stays whole, the failure
// is reported (`onError`, the `script_integrity_failed` event), and the person still pays: where the
// changed chunk is the click's, through the plain form's post, which needs none of the click's code.
import type { Route } from 'playwright-core';
import type { ReleaseInventory } from '../../../release/releaseInventory';
import { SESSION_PATH } from '../support/sessionEndpoint';
import { expectFormPays } from '../support/formPayment';
import { CHECKOUT_PATHS } from '../../../server/routes';
import { INTEGRITY_REFUSED, TAMPERED, tampered } from '../support/tampering';
import { PUBLISHABLE_KEY, e2e, expectDom, type HostPage, type OpenOptions, type OpenPage } from '../support/harness';

/** The remote's files fetched for `import(request)` (the federated build's, not the element's). */
async function chunksOf(request: string): Promise<string[]> {
  const inventory = (await (await fetch(`${e2e.remoteUrl}/release-inventory.json`)).json()) as ReleaseInventory;
  const files = inventory.files.filter((f) => f.why.includes(`import('${request}')`) && !f.path.startsWith('checkout-button.'));
  expect(files.length).toBeGreaterThan(0);
  return files.map((f) => `${e2e.remoteUrl}/${f.path}`);
}

/** Records every script element the page gets: where from, and its integrity and crossorigin. */
const recordScripts = `window.__scripts = [];
new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) if (n.tagName === 'SCRIPT' && n.src)
  window.__scripts.push({ src: n.src, integrity: n.integrity, crossOrigin: n.crossOrigin, webpack: n.getAttribute('data-webpack') }); })
  .observe(document, { childList: true, subtree: true });`;

interface Proxy {
  host: HostPage;
  /** How often each changed file was asked for. */
  hits: Map<string, number>;
  /** The files served as they are again. */
  restore: () => Promise<void>;
}

/** The page's own resources, before the remote: 300 small files of its origin, past Resource Timing's buffer of 250. */
const FILLER = 300;
const fillTimingBuffer = `for (let i = 0; i < ${FILLER}; i += 1) fetch('/filler/' + i).catch(() => {});`;

/** The host example, with `files` (full URLs) changed on the way; every other file as served. */
async function openBehindProxy(
  open: (options?: OpenOptions) => Promise<HostPage>,
  files: string[],
  longPage = false,
  props?: Record<string, unknown>,
): Promise<Proxy> {
  const host = await open({
    url: 'about:blank',
    waitForButtons: 0,
    initScript: longPage ? `${recordScripts}\n${fillTimingBuffer}` : recordScripts,
  });
  if (longPage)
    await host.context.route(`${e2e.hostUrl}/filler/*`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'x' }));
  const hits = new Map(files.map((file) => [file, 0]));
  const change = async (route: Route) => {
    const file = route.request().url();
    hits.set(file, (hits.get(file) ?? 0) + 1);
    const real = await route.fetch();
    await route.fulfill({ response: real, body: TAMPERED + (await real.text()) });
  };
  for (const file of files) await host.context.route(file, change);
  const restore = async () => {
    for (const file of files) await host.context.unroute(file, change);
  };
  await goToHostExample(host, props);
  await host.waitForStates(2);
  return { host, hits, restore };
}

/** The host example with the served remote, its sessions from the test's endpoint (or `own`): navigated, its slot on the page. */
async function goToHostExample(host: HostPage, own?: Record<string, unknown>): Promise<void> {
  const props = {
    publishableKey: PUBLISHABLE_KEY,
    sessionEndpoint: `${SESSION_PATH}?${new URLSearchParams({ key: host.sessionKey, seq: 'ok' })}`,
    ...own,
  };
  await host.page.goto(`${e2e.hostUrl}/?${new URLSearchParams({ remote: e2e.manifestUrl!, props: JSON.stringify(props) })}`, {
    waitUntil: 'domcontentloaded',
  });
  await host.root().waitFor({ timeout: 15_000 });
}

const timeline = (host: HostPage) => host.page.evaluate(() => document.body.innerText);
/** The scripts the remote's own runtime added (webpack marks them `data-webpack="checkout:…"`). */
const remoteScripts = (host: HostPage) =>
  host.page.evaluate(() =>
    (
      window as unknown as { __scripts: Array<{ src: string; integrity: string; crossOrigin: string | null; webpack: string | null }> }
    ).__scripts.filter((s) => s.webpack?.startsWith('checkout:')),
  );

async function expectHostWhole(host: HostPage): Promise<void> {
  expect(await host.page.getByRole('heading', { name: 'Your order' }).isVisible()).toBe(true);
  await host.expectNoPageErrors([/^Failed to load resource: /, INTEGRITY_REFUSED]);
}

export function describeChunkIntegrity(open: OpenPage): void {
  describe('A chunk of the remote whose bytes changed', () => {
    it('untouched: every chunk the remote adds carries its integrity and crossorigin, runs, and the person pays', async () => {
      const { host } = await openBehindProxy(open, []);
      // The React button's click chunk and the mount's (its preact layer) are both listed: either one, whatever their ids' order.
      const clicks = await chunksOf('./clickRun');
      await host.waitUntil(async () => (await remoteScripts(host)).some((s) => clicks.includes(s.src)), 'the click chunk fetched at idle');
      const scripts = await remoteScripts(host);
      expect(scripts.filter((s) => !/^sha256-[A-Za-z0-9+/]{43}=$/.test(s.integrity) || s.crossOrigin !== 'anonymous')).toEqual([]);
      await host.button().click();
      await host.waitForCheckout();
      expect(await tampered(host)).toBe(false);
      expect(await host.errorCodes()).toEqual([]);
    });

    it('a chunk fetched at idle (the dialog): refused, reported as script_integrity_failed, and the person still pays', async () => {
      const files = await chunksOf('./DialogInFlow');
      const { host, hits } = await openBehindProxy(open, files);
      await host.waitUntil(async () => (await timeline(host)).includes('refused (integrity)'), 'the script_integrity_failed event');
      expect([...hits.values()].some((n) => n > 0)).toBe(true);
      expect(await tampered(host)).toBe(false);
      expect(await timeline(host)).toMatch(
        new RegExp(`refused \\(integrity\\): ${files.map((f) => f.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')).join('|')}`),
      );
      await expectHostWhole(host);
      // Redirect mode never needs the dialog: the person pays as if nothing happened.
      await expectDom(host, { state: 'resolved', error: null, alert: null });
      await host.button().click();
      await host.waitForCheckout();
      expect(await tampered(host)).toBe(false);
    });

    it(`a page of more than 250 resources (Resource Timing's buffer full, the chunk not in it): the refused chunk is still reported as script_integrity_failed`, async () => {
      const files = await chunksOf('./DialogInFlow');
      const { host } = await openBehindProxy(open, files, true);
      await host.waitUntil(async () => (await timeline(host)).includes('refused (integrity)'), 'the script_integrity_failed event');
      const timing = await host.page.evaluate(
        (chunks) => ({
          entries: performance.getEntriesByType('resource').length,
          chunk: chunks.flatMap((c) => performance.getEntriesByName(c)).length,
        }),
        files,
      );
      expect(timing).toEqual({ entries: 250, chunk: 0 });
      expect(await tampered(host)).toBe(false);
      await expectHostWhole(host);
      await expectDom(host, { state: 'resolved', error: null, alert: null });
    });

    it('a page of more than 250 resources, the remote unreachable for a chunk: a failed fetch, not reported as a refusal', async () => {
      const files = await chunksOf('./DialogInFlow');
      const host = await open({ url: 'about:blank', waitForButtons: 0, initScript: `${recordScripts}\n${fillTimingBuffer}` });
      await host.context.route(`${e2e.hostUrl}/filler/*`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'x' }));
      let asked = 0;
      for (const file of files) await host.context.route(file, (route) => (asked++, route.abort('connectionrefused')));
      await goToHostExample(host);
      // Asked for as a script at idle, then again by the classifier (src/core/chunkRefusal.ts, its own chunk, fetched on the failure).
      await host.waitUntil(() => asked >= 2, 'the dialog chunk asked for at idle, then again by the classifier');
      const classifier = await chunksOf('./chunkRefusal');
      expect((await remoteScripts(host)).filter((s) => classifier.includes(s.src))).toHaveLength(1);
      await host.page.waitForTimeout(500);
      expect(await timeline(host)).not.toContain('refused (integrity)');
      await expectDom(host, { state: 'resolved', error: null, alert: null });
      await host.expectNoPageErrors([/^Failed to load resource: /, INTEGRITY_REFUSED]);
    });

    it("the click's chunk: refused at idle and at the click, which then pays through the plain form's post (server/'s 303 to Stripe's hosted page), none of the changed code run", async () => {
      const files = await chunksOf('./clickRun');
      const { host, hits } = await openBehindProxy(open, files, false, {
        sessionEndpoint: CHECKOUT_PATHS.sessions,
        sessionBody: { productId: 'coffee-beans-1kg' },
      });
      await host.waitUntil(async () => (await timeline(host)).includes('refused (integrity)'), 'the refusal at idle');
      const atIdle = [...hits.values()].reduce((a, b) => a + b, 0);
      await expectHostWhole(host);
      // The click asks for its code again (refused again), then posts the form: a Checkout Session of server/'s, on its hosted page.
      await expectFormPays(host, host.button(), e2e.stripeApiUrl!);
      expect([...hits.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(atIdle);
      expect(await tampered(host)).toBe(false);
    });
  });
}
