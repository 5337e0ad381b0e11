// Our outage, in every host of the matrix: with the remote refusing connections, never answering,
// answering 500, and releasing chunks that throw when they run, each host shows its own content
// without waiting for the remote, shows the form that pays from the start, keeps it once the remote
// has failed (within its bound: 5 s, hosts/app/remoteTimeout.js and each tool's equivalent; the
// element's 10 s), hears of a remote that never answers with its `load` fired meanwhile, and a
// click on it lands on Stripe's hosted page through server/ and the API stand-in (each host's once, in
// turn across the ways). Nothing is thrown into the page but the chunk's own error. Every host at
// once, in its own page, so the bound is paid once per way of being down. Logs the times per host.
// (Chunks changed after the release, which integrity refuses, are tests/e2e/integrity/'s.)
import { createHash } from 'node:crypto';
import type { Browser, Route } from 'playwright-core';
import { DEFAULT_ELEMENT_TIMEOUT_MS } from '@checkout/host-kit/element/loadCheckoutElement';
import { EXPECTED_BROWSER_NOISE, HostPage, type OpenOptions, type OpenPage } from '../support/harness';
import { MATRIX, type MatrixHost } from '../support/matrixHosts';
import { FORM_PROPS, matrixStripeApiUrl, openMatrixHost, ownHeading, payFormButton, servedHost } from '../support/matrixPage';
import { expectFormPays } from '../support/formPayment';
import { answerFromServedRemote } from '../support/servedRemote';
import { answerDown } from '../support/remoteDown';

const BOUND_MS = 5000;
/** The element's bound (the host kit's loadCheckoutElement): its file run, to the element defined. */
const ELEMENT_BOUND_MS = DEFAULT_ELEMENT_TIMEOUT_MS;
/** What a loaded machine adds to a bound (2 cores, a dozen pages at once). */
const LOADED_MACHINE_MS = 3000;
/** What the chunk that throws says. */
const THROWN = 'a checkout chunk that throws when it runs';
/** The remote's first files, which load; its chunks are what throws. */
const ENTRIES = new Set(['/mf-manifest.json', '/remoteEntry.js', '/checkout-button.js']);

const THROWING_CHUNK = `throw new Error(${JSON.stringify(THROWN)});`;
const THROWING_DIGEST = createHash('sha256').update(THROWING_CHUNK).digest('base64');

/**
 * A runtime whose chunks' integrity map (webpack/chunkIntegrity.ts: `"sha256-".concat((r.sri = {…})[id])`,
 * kept on the runtime for the refusal's check) names the throwing chunk's digest
 * for every chunk: a release built with chunks that throw, not chunks changed after it.
 */
const releasingTheThrow = (runtime: string) =>
  runtime.replace(/"sha256-"\.concat\(\(?(?:[\w$.]+=)?\{[^}]*\}/g, (map) => map.replace(/"[A-Za-z0-9+/]{43}="/g, `"${THROWING_DIGEST}"`));

/** The remote as served, but every chunk a script that throws as it runs, and its runtimes expecting that. */
async function throwingChunks(route: Route): Promise<void> {
  const { pathname } = new URL(route.request().url());
  if (ENTRIES.has(pathname) || !pathname.endsWith('.js')) {
    return answerFromServedRemote(route, { rewrite: pathname.endsWith('.js') ? releasingTheThrow : undefined });
  }
  await route.fulfill({
    status: 200,
    contentType: 'text/javascript',
    headers: { 'Access-Control-Allow-Origin': '*' },
    body: THROWING_CHUNK,
  });
}

interface Down {
  how: string;
  /** The host's first request to the remote is all it gets: it never answers. */
  hangs: boolean;
  /** Only the remote's first file is asked for (the failure comes before any chunk). */
  firstFileOnly: boolean;
  answer: (route: Route) => Promise<void> | void;
}

const DOWN: Down[] = [
  { how: 'refuses connections', hangs: false, firstFileOnly: true, answer: (route) => answerDown(route, 'refused') },
  { how: 'never answers', hangs: true, firstFileOnly: true, answer: (route) => answerDown(route, 'hang') },
  { how: 'answers 500', hangs: false, firstFileOnly: true, answer: (route) => answerDown(route, 500) },

  { how: 'serves a chunk that throws when it runs', hangs: false, firstFileOnly: false, answer: throwingChunks },
];

/**
 * Console errors a host may log with the remote down: Chromium's line for the failed request, and
 * the host's own report of the failed load ("what failed, for the developer"), which names the
 * federation runtime's error or the script that did not load.
 */
const EXPECTED_CONSOLE = [
  ...EXPECTED_BROWSER_NOISE,
  /RUNTIME-00[38]/, // the runtime's "failed to get the manifest" / "failed to load the entry", caught by the host
  /Loading script failed|did not load|did not answer within \d+ ms|Loading chunk .* failed|ChunkLoadError/, // script loaders, caught by the host
  /^<checkout-button> could not load; its own content stays\./, // the element's entry, its chunk refused
  new RegExp(THROWN), // the host's report of the load that failed on it
  // A verified host (the host kit's verifier) refuses the changed chunks before they run: Chromium says so.
  /^Failed to find a valid digest in the 'integrity' attribute for resource /,
];

/**
 * A host's own report that its remote never answered: the runtime's (the host kit's bounds, or the
 * host's own loader's) or the element's loader's, as a console warning or error.
 */
const HANG_REPORTED = /RUNTIME-003|did not answer within \d+ ms|did not define <checkout-button> within \d+ ms/;

/** The one error the throwing chunk puts into the page (a classic script's, from another origin: "Script error."). */
const thrownOnPurpose = (text: string) => text.includes(THROWN) || /^Script error\.?$/.test(text);

/** No page error, unhandled rejection or console error but what the way of being down explains. */
async function expectNothingThrown(page: HostPage, down: Down): Promise<void> {
  await page.settled(); // a late rejection surfaces
  if (down.firstFileOnly) return page.expectNoPageErrors(EXPECTED_CONSOLE);
  expect(page.pageErrors.filter((e) => !thrownOnPurpose(e))).toEqual([]);
  expect(page.windowErrors.filter((e) => !thrownOnPurpose(e))).toEqual([]);
  expect(page.rejections).toEqual([]);
  expect(page.consoleErrors().filter((text) => !EXPECTED_CONSOLE.some((re) => re.test(text)))).toEqual([]);
}

/** The way of being down in which a host's form is clicked through to Stripe's page. */
const paysIn = (host: MatrixHost): Down => DOWN[MATRIX.indexOf(host) % DOWN.length];

interface Outcome {
  id: string;
  ownMs: number;
  formMs: number;
  failedMs: number;
}

export function describeEveryHost(open: OpenPage, browser: () => Browser): void {
  describe('the remote down, in every host: the form pays', () => {
    const table: string[] = [];
    const phases: string[] = [];
    // One page (a context) per host for all four ways, each back on about:blank with its record
    // cleared between them: opening seventeen contexts took as long as the rest of a way.
    let current: Down = DOWN[0];
    let prepared: Promise<Prepared[]> | undefined;
    // A way that did not finish (its test timed out) may still be navigating its pages: the next opens its own.
    let finished = true;
    const kept: HostPage[] = [];
    const openKept = async (options?: OpenOptions) => {
      const page = await HostPage.open(browser(), options);
      kept.push(page);
      return page;
    };

    afterAll(async () => {
      await Promise.all(kept.map((page) => page.close().catch(() => undefined)));
      if (table.length)
        process.stderr.write(
          `\ne2e hosts: the remote down (ms from navigation to the host's own heading / its pay form / the remote's failure settled)\n${table.join('\n')}\n\n`,
        );
      if (phases.length) process.stderr.write(`e2e hosts: the remote down, where each way's time went\n${phases.join('\n')}\n\n`);
    });

    /** One host's page with the remote down the current way, opened (not yet navigated): what it asked the remote, and when. */
    async function prepare(host: MatrixHost) {
      const asked: Array<{ path: string; at: number }> = [];
      const opened = await openMatrixHost(
        openKept,
        host,
        (route) => {
          asked.push({ path: new URL(route.request().url()).pathname, at: Date.now() });
          return current.answer(route);
        },
        FORM_PROPS,
      );
      return { host, asked, ...opened };
    }

    type Prepared = Awaited<ReturnType<typeof prepare>>;

    /** Every host's page for the way `now`: opened the first time, then reset. */
    async function pagesFor(now: Down): Promise<Prepared[]> {
      if (prepared && !finished) {
        const left = await prepared.catch(() => []);
        prepared = undefined;
        await Promise.all(left.map(({ page }) => page.close().catch(() => undefined)));
      }
      finished = false;
      const first = !prepared;
      prepared ??= Promise.all(MATRIX.map(prepare));
      const pages = await prepared;
      if (!first) {
        await Promise.all(
          pages.map(async ({ page, asked }) => {
            await page.reset();
            asked.length = 0;
          }),
        );
      }
      current = now;
      return pages;
    }

    /** Navigates; resolves once the host's own heading and its form show (while the remote has not answered). */
    async function start({ host, asked, page, go }: Prepared, down: Down): Promise<{ started: number; ownMs: number; formMs: number }> {
      const started = await go();
      const bound = BOUND_MS + LOADED_MACHINE_MS;
      await page.waitForVisible(ownHeading(page), `${host.id}'s own heading`, bound);
      const ownAt = Date.now();
      // With the remote never answering, while its first request is still unanswered: a page that shows
      // itself only once that load gave up has waited for the remote.
      if (down.hangs && asked.length > 0) expect(ownAt).toBeLessThan(asked[0].at + BOUND_MS);
      const ownMs = ownAt - started;
      await page.waitForVisible(payFormButton(page), `${host.id}'s pay form`, bound);
      return { started, ownMs, formMs: Date.now() - started };
    }

    async function finish(
      { host, asked, page }: Prepared,
      { started, ownMs, formMs }: { started: number; ownMs: number; formMs: number },
      down: Down,
    ): Promise<Outcome> {
      await page.waitUntil(() => asked.length > 0, `${host.id}'s first request to the remote`);
      if (down.hangs) {
        // Over once the host says so, within its bound (counted from `load`): every host hears of a
        // remote that never answers, and the remote never held its `load` meanwhile.
        await page.waitUntil(
          () => page.console.some(({ type, text }) => (type === 'warning' || type === 'error') && HANG_REPORTED.test(text)),
          `${host.id}'s report of the remote that never answered`,
          // The bound counts from `load`, which a loaded machine delays too.
          ELEMENT_BOUND_MS + 2 * LOADED_MACHINE_MS,
        );
        expect(await page.page.evaluate(() => document.readyState)).toBe('complete');
      } else {
        // Over once the page says so: the browser's line for the failed request, or the host's report.
        await page.waitUntil(() => page.consoleErrors().length > 0, `${host.id}'s failed load`, BOUND_MS + LOADED_MACHINE_MS);
      }
      const failedMs = Date.now() - started;
      await page.settled();
      expect(await page.page.locator('[data-checkout-state]').count()).toBe(0);
      if (down.firstFileOnly) expect(asked.map((a) => a.path).filter((p) => p !== `/${host.entry}`)).toEqual([]);
      expect(page.stripeRequests).toEqual([]);
      await expectNothingThrown(page, down);
      // What the person sees pays: each host once, in turn across the ways of being down (the form is
      // the host's own markup, the same whichever way the remote failed).
      if (paysIn(host) === down) await expectFormPays(page, payFormButton(page), matrixStripeApiUrl(host.id));
      return { id: host.id, ownMs, formMs, failedMs };
    }

    for (const down of DOWN) {
      const paying = MATRIX.filter((host) => paysIn(host) === down).map((host) => host.id);
      it(`a remote that ${down.how} costs each host its button, not its payments: own content and the form at once; a click on it lands on Stripe's page (${paying.join(', ')})`, async () => {
        // Every page opened first; then each navigated once the one before shows its own content, so
        // each start is timed alone while the others wait on the remote: the bound is paid once.
        const began = Date.now();
        const pages = await pagesFor(down);
        // A first navigation costs the browser's own start-up: paid here, not by the first host.
        await (await open({ url: 'about:blank', waitForButtons: 0 })).page.goto(servedHost('element').url);
        // Settled as they go: a host that fails while the next ones start is no unhandled rejection.
        const outcomes: Array<Promise<PromiseSettledResult<Outcome>>> = [];
        const opened = Date.now();
        for (const prepared of pages) {
          const started = await start(prepared, down).catch((error: unknown) => error as Error);
          const outcome = started instanceof Error ? Promise.reject(started) : finish(prepared, started, down);
          outcomes.push(Promise.allSettled([outcome]).then(([result]) => result));
        }
        const startedAll = Date.now();
        const results = await Promise.all(outcomes);
        finished = true;
        // Where this way's time went: the pages opened, their starts one after the other, then the
        // failures settling and the clicks through to Stripe's page.
        phases.push(
          `  remote ${down.how.padEnd(40)} pages opened or reset ${String(opened - began).padStart(5)} ms, started one by one ${String(startedAll - opened).padStart(5)} ms, settled and paid ${String(Date.now() - startedAll).padStart(5)} ms`,
        );
        const failures = results.flatMap((r, i) =>
          r.status === 'rejected' ? [`${MATRIX[i].id}: ${String(r.reason?.message ?? r.reason)}`] : [],
        );
        for (const r of results) {
          if (r.status !== 'fulfilled') continue;
          const { id, ownMs, formMs, failedMs } = r.value;
          table.push(
            `  ${id.padEnd(25)} remote ${down.how.padEnd(40)} own content ${String(ownMs).padStart(5)} ms, form ${String(formMs).padStart(5)} ms, failure settled ${String(failedMs).padStart(5)} ms`,
          );
        }
        expect(failures).toEqual([]);
      }, 180_000); // 14 hosts one after the other, then the clicks: about 40 s, but 90 s on a loaded 2-core machine
    }
  });
}
