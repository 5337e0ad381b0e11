// Our outage, in every host of the matrix: with the remote refusing connections, and with it never
// answering, each host shows its own content without waiting for the remote, ends in its own
// fallback within its bound (5 s: hosts/app/remoteTimeout.js and each tool's equivalent), requests
// nothing but the remote's first file, and nothing is thrown into the page. Every host at once, in
// its own page, so the 5 s bound is paid once per way of being down. Logs the times per host.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Route } from 'playwright-core';
import { EXPECTED_BROWSER_NOISE, e2eSuite, useBrowser, usePages } from './support/harness';
import { MATRIX, type MatrixHost } from './support/matrixHosts';
import { openMatrixHost, ownHeading, servedHost } from './support/matrixPage';

const BOUND_MS = 5000;
/** What a loaded machine adds to a bound (2 cores, a dozen pages at once). */
const LOADED_MACHINE_MS = 3000;
const FALLBACK_TEXT = 'Checkout is unavailable right now.';

const DOWN: Array<{ how: string; hangs: boolean; answer: (route: Route) => Promise<void> | void }> = [
  { how: 'refuses connections', hangs: false, answer: (route) => route.abort('connectionrefused') },
  { how: 'never answers', hangs: true, answer: () => {} },
];

/**
 * Console errors a host may log with the remote down: Chromium's line for the failed request, and
 * the host's own report of the failed load ("what failed, for the developer"), which names the
 * federation runtime's error or the script that did not load.
 */
const EXPECTED_CONSOLE = [
  ...EXPECTED_BROWSER_NOISE,
  /RUNTIME-00[38]/, // the runtime's "failed to get the manifest" / "failed to load the entry", caught by the host
  /Loading script failed|did not load|did not answer within \d+ ms|Loading chunk .* failed/, // script loaders, caught by the host
];

interface Outcome {
  id: string;
  ownMs: number;
  fallbackMs: number;
}

e2eSuite('the remote down, in every host', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  const table: string[] = [];

  afterAll(() => {
    if (table.length) process.stderr.write(`\ne2e hosts: the remote down (ms from navigation to the host's own heading / to its fallback)\n${table.join('\n')}\n\n`);
  });

  /** One host's page with the remote down, opened (not yet navigated): what it asked the remote, and when. */
  async function prepare(host: MatrixHost, answer: (route: Route) => Promise<void> | void) {
    const asked: Array<{ path: string; at: number }> = [];
    const opened = await openMatrixHost(open, host, (route) => {
      asked.push({ path: new URL(route.request().url()).pathname, at: Date.now() });
      return answer(route);
    });
    return { host, asked, ...opened };
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** Navigates; resolves once the host's own heading shows (while the remote has not answered). */
  async function start({ host, page, go }: Prepared): Promise<{ started: number; ownMs: number }> {
    const started = await go();
    // Sooner than the bound: a page that shows itself only then has waited for the remote.
    await page.waitForVisible(ownHeading(page), `${host.id}'s own heading`, BOUND_MS);
    return { started, ownMs: Date.now() - started };
  }

  async function finish({ host, asked, page }: Prepared, { started, ownMs }: { started: number; ownMs: number }, hangs: boolean): Promise<Outcome> {
    let fallbackMs: number;
    if (host.fallback === 'alert') {
      const fallback = page.page.getByRole('alert').filter({ hasText: FALLBACK_TEXT });
      if (hangs) expect(await fallback.count()).toBe(0);
      // Within the bound of the remote's first request (a page with no bundler loads the runtime first).
      await page.waitUntil(() => asked.length > 0, `${host.id}'s first request to the remote`);
      const deadline = asked[0].at + BOUND_MS + LOADED_MACHINE_MS;
      await page.waitForVisible(fallback, `${host.id}'s fallback`, Math.max(deadline - Date.now(), 1));
      fallbackMs = Date.now() - started;
      // A remote that never answers is ended by the bound, not by a quicker failure.
      if (hangs) expect(fallbackMs).toBeGreaterThanOrEqual(BOUND_MS - 500);
    } else {
      // The element's light-DOM children: there from the first paint, and still there after the bound.
      const children = page.page.locator('checkout-button > a[href="/pay"]');
      await page.waitForVisible(children, `${host.id}'s fallback children`);
      fallbackMs = Date.now() - started;
      await sleep(BOUND_MS + 500 - (Date.now() - started));
      expect(await children.isVisible()).toBe(true);
    }

    expect(asked.length).toBeGreaterThan(0);
    expect(asked.map((a) => a.path).filter((p) => p !== `/${host.entry}`)).toEqual([]);
    expect(await page.page.locator('[data-checkout-state]').count()).toBe(0);
    expect(page.stripeRequests).toEqual([]);
    await sleep(100); // let a late rejection surface
    await page.expectNoPageErrors(EXPECTED_CONSOLE);
    return { id: host.id, ownMs, fallbackMs };
  }

  for (const { how, hangs, answer } of DOWN) {
    it(`a remote that ${how} costs each host its checkout slot, not its page: own content at once, its fallback within ${BOUND_MS / 1000} s, no uncaught error`, async () => {
      // Every page opened first; then each navigated once the one before shows its own content, so
      // each start is timed alone while the others wait on the remote: the bound is paid once.
      const pages = await Promise.all(MATRIX.map((host) => prepare(host, answer)));
      // A first navigation costs the browser's own start-up: paid here, not by the first host.
      await (await open({ url: 'about:blank', waitForButtons: 0 })).page.goto(servedHost('element').url);
      // Settled as they go: a host that fails while the next ones start is no unhandled rejection.
      const outcomes: Array<Promise<PromiseSettledResult<Outcome>>> = [];
      for (const prepared of pages) {
        const started = await start(prepared).catch((error: unknown) => error as Error);
        const outcome = started instanceof Error ? Promise.reject(started) : finish(prepared, started, hangs);
        outcomes.push(Promise.allSettled([outcome]).then(([result]) => result));
      }
      const results = await Promise.all(outcomes);
      const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`${MATRIX[i].id}: ${String(r.reason?.message ?? r.reason)}`] : []));
      for (const r of results) {
        if (r.status !== 'fulfilled') continue;
        const { id, ownMs, fallbackMs } = r.value;
        table.push(`  ${id.padEnd(25)} remote ${how.padEnd(20)} own content ${String(ownMs).padStart(5)} ms, fallback ${String(fallbackMs).padStart(5)} ms`);
      }
      expect(failures).toEqual([]);
    }, 90_000);
  }
});
