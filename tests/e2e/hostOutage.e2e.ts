// Our outage, in every host of the matrix: with the remote refusing connections, and with it never
// answering, each host shows its own content without waiting for the remote, ends in its own
// fallback within its bound (5 s: hosts/app/remoteTimeout.js and each tool's equivalent), requests
// nothing but the remote's first file, and nothing is thrown into the page. Every host at once, in
// its own page, so the 5 s bound is paid once per way of being down. Logs the times per host.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Route } from 'playwright-core';
import { EXPECTED_BROWSER_NOISE, e2eSuite, useBrowser, usePages } from './support/harness';
import { MATRIX, type MatrixHost } from './support/matrixHosts';
import { openMatrixHost, ownHeading } from './support/matrixPage';

const BOUND_MS = 5000;
/** The bound, and what a loaded machine adds to it (2 cores, a dozen pages at once). */
const LATEST_FALLBACK_MS = BOUND_MS + 3500;
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
  /Loading script failed|did not load|Loading chunk .* failed/, // webpack's own loaders, caught by the host
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

  async function outage(host: MatrixHost, hangs: boolean, answer: (route: Route) => Promise<void> | void): Promise<Outcome> {
    const asked: string[] = [];
    const { page, started } = await openMatrixHost(open, host, (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return answer(route);
    });

    // The host's own content does not wait for the remote: while it never answers, the page is there.
    await page.waitForVisible(ownHeading(page), `${host.id}'s own heading`);
    const ownMs = Date.now() - started;
    let fallbackMs: number;
    if (host.fallback === 'alert') {
      const fallback = page.page.getByRole('alert');
      if (hangs) expect(await fallback.count()).toBe(0);
      await page.waitForVisible(fallback, `${host.id}'s fallback`, LATEST_FALLBACK_MS);
      fallbackMs = Date.now() - started;
      expect(await fallback.textContent()).toBe(FALLBACK_TEXT);
      // The bound, not a quicker failure, ends a load that never answers.
      if (hangs) expect(fallbackMs).toBeGreaterThanOrEqual(BOUND_MS - 500);
    } else {
      // The element's light-DOM children: there from the first paint, and still there after the bound.
      const children = page.page.locator('checkout-button .checkout-fallback');
      await page.waitForVisible(children, `${host.id}'s fallback children`);
      fallbackMs = Date.now() - started;
      await sleep(BOUND_MS + 500 - (Date.now() - started));
      expect(await children.isVisible()).toBe(true);
    }
    expect(fallbackMs).toBeLessThan(LATEST_FALLBACK_MS);

    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((p) => p !== `/${host.entry}`)).toEqual([]);
    expect(await page.page.locator('[data-checkout-state]').count()).toBe(0);
    expect(page.stripeRequests).toEqual([]);
    await sleep(100); // let a late rejection surface
    await page.expectNoPageErrors(EXPECTED_CONSOLE);
    return { id: host.id, ownMs, fallbackMs };
  }

  for (const { how, hangs, answer } of DOWN) {
    it(`a remote that ${how} costs each host its checkout slot, not its page: own content at once, its fallback within ${BOUND_MS / 1000} s, no uncaught error`, async () => {
      const results = await Promise.allSettled(MATRIX.map((host) => outage(host, hangs, answer)));
      const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`${MATRIX[i].id}: ${String(r.reason?.message ?? r.reason)}`] : []));
      for (const r of results) {
        if (r.status !== 'fulfilled') continue;
        const { id, ownMs, fallbackMs } = r.value;
        table.push(`  ${id.padEnd(25)} remote ${how.padEnd(20)} own content ${String(ownMs).padStart(5)} ms, fallback ${String(fallbackMs).padStart(5)} ms`);
      }
      expect(failures).toEqual([]);
    });
  }
});
