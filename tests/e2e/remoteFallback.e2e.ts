// The remote's manifest or entry down (404, 500, never answering) → the host example's
// fallback; the remote back → Try again mounts the button. Against the production host example
// (host-example/, served as plain files, see support/serve.ts) and the production remote.
import type { Route } from 'playwright-core';
import { e2e, e2eSuite, expectDom, useBrowser, usePages, type HostPage } from './support/harness';

const FALLBACK_TEXT = 'Checkout is unavailable right now';
/** The host example's own bound on each remote request (its `?remoteTimeoutMs=`). */
const REMOTE_TIMEOUT_MS = 1500;

type Failure = 404 | 500 | 'hang';
type Target = 'manifest' | 'entry';

const FILE: Record<Target, string> = { manifest: 'mf-manifest.json', entry: 'remoteEntry.js' };

function hostExampleUrl(): string {
  const query = new URLSearchParams({
    remote: e2e.manifestUrl!,
    remoteAttempts: '1',
    remoteTimeoutMs: String(REMOTE_TIMEOUT_MS),
    maxLoadAttempts: '1',
    loadTimeoutMs: '3000',
  });
  return `${e2e.hostUrl}/?${query}`;
}

/** Makes one of the remote's files fail; returns "the remote is back". */
async function takeDown(host: HostPage, target: Target, failure: Failure): Promise<{ hits: () => number; restore: () => Promise<void> }> {
  // Whatever the query: a retry may ask for `remoteEntry.js?retry=n`, and a server that is down
  // answers that the same way.
  const url = new RegExp(`^${`${e2e.remoteUrl}/${FILE[target]}`.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}(\\?.*)?$`);
  let hits = 0;
  const handler = async (route: Route) => {
    hits++;
    if (failure === 'hang') return; // never answers
    await route.fulfill({ status: failure, contentType: 'text/plain', body: `down (${failure})`, headers: { 'Access-Control-Allow-Origin': '*' } });
  };
  await host.context.route(url, handler);
  return { hits: () => hits, restore: () => host.context.unroute(url, handler) };
}

e2eSuite('The remote down, in the host example', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('a remote refusing connections costs the slot, not the page: fallback, no page error', async () => {
    const host = await open({ url: 'about:blank', waitForButtons: 0 });
    const query = new URLSearchParams({ remote: 'down', remoteAttempts: '2', remoteTimeoutMs: String(REMOTE_TIMEOUT_MS) });
    await host.page.goto(`${e2e.hostUrl}/?${query}`, { waitUntil: 'domcontentloaded' });
    // The page renders at once, without waiting for the remote.
    await host.waitForVisible(host.page.getByRole('heading', { name: 'Your order' }), 'the page');
    const fallback = host.page.getByTestId('remote-fallback');
    await host.waitForVisible(fallback, 'the fallback');
    expect(await fallback.getByRole('button', { name: /try again/i }).isVisible()).toBe(true);
    expect(host.stripeRequests).toEqual([]);
    expect(host.pageErrors).toEqual([]);
    expect(await host.page.evaluate(() => (window as unknown as { __rejections: string[] }).__rejections)).toEqual([]);
  });

  const cases: Array<{ target: Target; failure: Failure }> = [
    { target: 'manifest', failure: 404 },
    { target: 'manifest', failure: 500 },
    { target: 'manifest', failure: 'hang' },
    { target: 'entry', failure: 404 },
    { target: 'entry', failure: 500 },
    { target: 'entry', failure: 'hang' },
  ];

  it.each(cases)('the $target answering $failure → fallback; the remote back → Try again mounts the button', async ({ target, failure }) => {
    // The remote goes down before the page asks for it.
    const host = await open({ url: 'about:blank', waitForButtons: 0 });
    const down = await takeDown(host, target, failure);
    await host.page.goto(hostExampleUrl(), { waitUntil: 'domcontentloaded' });

    const fallback = host.page.getByTestId('remote-fallback');
    await host.waitForVisible(fallback, 'the fallback');
    expect(await fallback.getByRole('alert').textContent()).toContain(FALLBACK_TEXT);
    const tryAgain = fallback.getByRole('button', { name: /try again/i });
    expect(await tryAgain.isVisible()).toBe(true);
    expect(await host.page.locator('[data-checkout-state]').count()).toBe(0);
    expect(down.hits()).toBeGreaterThanOrEqual(1);
    expect(host.stripeRequests).toEqual([]); // nothing of the button ran
    expect(host.pageErrors).toEqual([]);

    await down.restore(); // the remote is back
    await tryAgain.click();

    await host.waitForVisible(host.root(), 'the button after Try again');
    expect(await fallback.count()).toBe(0);
    await expectDom(host, { state: 'resolved', error: null, busy: 'false', alert: null }, 0, 10_000);
    expect(host.stripeRequests).toHaveLength(1);
    expect(host.requests.filter((r) => r.url.includes('/api/checkout-sessions'))).toEqual([]);
    await host.expectNoPageErrors();
  });
});
