// `npm run bench`: what federation costs a host, measured side by side on several networks.
// Builds the production remote and the host example three times (bench/webpack.config.ts):
// `federated`, the host example as it is (running only a verified release), `direct`, the same page
// with the button bundled from source, and `unverified`, the federated page verifying nothing; `formless` is the
// federated page without the form in its HTML, `standalone` the one-tag page (<checkout-button>, no
// React) on the same remote (variants.ts). Serves every file compressed as a CDN would, and drives
// headless Chromium through interleaved rounds per network profile (profiles.ts), each visit in a
// fresh context, with two clicks to Stripe's page per round (clickToStripe.ts). Prints medians and
// ratios per milestone (when a click first pays, pays.ts, among them), click to Stripe's page, the
// bytes a React host downloads from the remote before the button shows, what waiting for the page's
// `load` costs the federated page (loadWait.ts, a fourth build, `now`), writes bench/results.json
// (every sample) and bench/report.html (a waterfall per profile).
//
//   npm run bench -- --rounds 9 --profiles 4g,mobile --no-stripe-preload --no-remote-preload --no-chunk-preload --skip-build
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { startStaticServer, type StaticServer } from '../serve/staticServer';
import { STRIPE_JS_ORIGIN } from '../src/stripe/policy';
import { editPage, htmlHandler, type PageEdits } from './hostPage';
import { METRICS, visit, type Metric, type Visit } from './measure';
import { describeProfile, PROFILES, stripeDelayMs } from './profiles';
import { BENCH_REMOTE_PORT, benchSigningKey } from './remote';
import { chunkPreloadLinks } from './remotePreload';
import { renderReport, type ReportSection } from './report';
import { traceVariants } from './breakdown';
import { breakdownLines, renderBreakdown } from './mainThreadReport';
import { sourceMaps } from './sourceMaps';
import { buildStandalonePage, serveStandalonePage } from './standalonePage';
import { walletSessionHandler, walletsPageUrl } from './walletsPage';
import { browserUserAgent, CLICK_WAYS, clickToStripe, type ClickWay } from './clickToStripe';
import { milestoneTable } from './consoleTable';
import { startSessionBackend, STRIPE_CREATE_MS } from './sessionBackend';
import { DESCRIPTIONS, TRACED, VARIANTS, type Built, type Variant } from './variants';
import { inventoryIntegrity, pinPreloads } from './verifiedPage';
import { remotePath, remotePathLines } from './remoteBytes';
import { startBaseline, type Baseline } from './baseline';
import { COMPARED, compare, comparisonLine, comparisonLines, OUR_PAGE, type Side } from './baselineTable';
import {
  LOAD_WAIT_DESCRIPTIONS,
  LOAD_WAIT_PAGES,
  loadWaitCost,
  loadWaitTable,
  slowResourceHandler,
  withSlowResource,
  type ExtraLoadWaitPage,
  type LoadWaitMedians,
} from './loadWait';

const ROOT = path.resolve(__dirname, '..');

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '7' },
    profiles: { type: 'string', default: PROFILES.map((p) => p.name).join(',') },
    'skip-build': { type: 'boolean', default: false },
    'no-stripe-preload': { type: 'boolean', default: false },
    'no-remote-preload': { type: 'boolean', default: false },
    'no-chunk-preload': { type: 'boolean', default: false },
    // Extra traced visits per variant and profile for the main-thread breakdown; 0: none.
    'trace-rounds': { type: 'string', default: '3' },
    // Another commit (any git revision) whose pages are measured in the same rounds: baseline.ts.
    baseline: { type: 'string' },
    // Only the pages a baseline is compared on, and wallets: no `formless`, load-wait pages or clicks.
    quick: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(flags.rounds));
const TRACE_ROUNDS = Math.max(0, Number(flags['trace-rounds']));
const SELECTED = PROFILES.filter((p) => flags.profiles.split(',').includes(p.name));
// The machine-readable last line is the 4g one: run it last.
SELECTED.sort((a, b) => Number(a.name === '4g') - Number(b.name === '4g'));

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

function build(label: string, args: string[]): void {
  const started = Date.now();
  // The remote's release is signed with the bench's own key (a production build needs one).
  const env = { ...process.env, CHECKOUT_SIGNING_KEY: benchSigningKey().keyFile };
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), args, { cwd: ROOT, encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${label} build failed:\n${result.stdout}\n${result.stderr}`);
  log(`built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  if (!flags['skip-build']) {
    build('remote', ['--mode', 'production']);
    build('host example, federated, direct, unverified and now', ['-c', 'bench/webpack.config.ts']);
    buildStandalonePage();
    log('built the standalone page (the recipe and the host kit)');
  }

  const baseline: Baseline | undefined = flags.baseline ? await startBaseline(flags.baseline, log) : undefined;
  const remote = await startStaticServer({ root: path.join(ROOT, 'dist'), port: BENCH_REMOTE_PORT }).catch((error: Error) => {
    throw new Error(
      `The bench serves the remote on port ${BENCH_REMOTE_PORT} (the URL its host is built with): ${error.message}. Set BENCH_REMOTE_PORT to a free one and build again.`,
    );
  });
  const manifestUrl = `${remote.url}/mf-manifest.json`;
  const chunkLinks = flags['no-chunk-preload'] ? '' : await chunkPreloadLinks(manifestUrl, './CheckoutButton');
  const hosts = {} as Record<Variant | ExtraLoadWaitPage, StaticServer>;
  hosts.standalone = await serveStandalonePage(remote.url);
  const edits: PageEdits = {
    dropStripe: flags['no-stripe-preload'],
    dropRemote: flags['no-remote-preload'],
    remoteUrl: remote.url,
    chunkLinks,
  };
  const builtPage = (v: Built) => readFileSync(path.join(__dirname, 'dist', v, 'index.html'), 'utf8');
  const integrity = inventoryIntegrity(path.join(ROOT, 'dist'));
  type Served = Exclude<Variant, 'standalone'> | ExtraLoadWaitPage;
  const pages: Record<Served, () => string> = {
    direct: () => editPage(builtPage('direct'), edits),
    // The verified page's preloads carry the inventory's integrity, as its scripts do (verifiedPage.ts).
    federated: () => pinPreloads(editPage(builtPage('federated'), edits), remote.url, integrity),
    formless: () => pinPreloads(editPage(builtPage('federated'), { ...edits, dropForm: true }), remote.url, integrity),
    unverified: () => editPage(builtPage('unverified'), edits),
    // What waiting for the page's load costs (loadWait.ts): verified pages too.
    now: () => pinPreloads(editPage(builtPage('now'), edits), remote.url, integrity),
    slow: () => withSlowResource(pages.federated()),
    slowNow: () => withSlowResource(pages.now()),
  };
  const BUILD_OF: Record<Served, Built> = {
    direct: 'direct',
    federated: 'federated',
    formless: 'federated',
    unverified: 'unverified',
    now: 'now',
    slow: 'federated',
    slowNow: 'now',
  };
  // Every page visited in a round: the variants, then the load-wait pages (`federated` is both).
  type Page = Variant | ExtraLoadWaitPage;
  const PAGES: Page[] = flags.quick ? VARIANTS.filter((v) => v !== 'formless') : [...VARIANTS, ...LOAD_WAIT_PAGES];
  for (const v of PAGES.filter((x): x is Served => x !== 'standalone')) {
    const page = htmlHandler(pages[v]());
    hosts[v] = await startStaticServer({
      root: path.join(__dirname, 'dist', BUILD_OF[v]),
      handle: (req, res) => page(req, res) || walletSessionHandler(req, res) || slowResourceHandler(req, res),
    });
  }
  const urls = Object.fromEntries(PAGES.map((v) => [v, `${hosts[v].url}/`])) as Record<Page, string>;
  // Every page a round visits: ours, then the baseline's (prefixed `base:`), then the order alternates.
  const ROUND_PAGES: string[] = [...PAGES, ...(baseline ? COMPARED.map((p) => `base:${p}`) : [])];
  const urlOf = (key: string) => (key.startsWith('base:') ? baseline!.pages[key.slice(5) as keyof Baseline['pages']] : urls[key as Page]);
  // The clicks: the federated page with server/'s routes in front of the API stand-in (sessionBackend.ts).
  const federatedPage = htmlHandler(pages.federated());
  let backend: Awaited<ReturnType<typeof startSessionBackend>> | undefined;
  const shop = await startStaticServer({
    root: path.join(__dirname, 'dist', 'federated'),
    handle: async (req, res) => federatedPage(req, res) || ((await backend?.handle(req, res)) ?? false),
  });
  backend = await startSessionBackend(`${shop.url}/`);
  // Wallets mode: the federated page, measured to its wallet row shown, beside the three variants. A
  // server that renders a page showing wallets preloads the row's chunk too (docs/hosts/make-it-fast.md).
  const walletLinks = flags['no-chunk-preload'] ? '' : await chunkPreloadLinks(manifestUrl, './CheckoutButton', { walletRow: true });
  const walletsPage = htmlHandler(
    pinPreloads(editPage(builtPage('federated'), { ...edits, chunkLinks: walletLinks }), remote.url, integrity),
  );
  const walletsHost = await startStaticServer({
    root: path.join(__dirname, 'dist', 'federated'),
    handle: (req, res) => walletsPage(req, res) || walletSessionHandler(req, res),
  });
  const walletsUrl = walletsPageUrl(`${walletsHost.url}/`);
  const origins = {
    [remote.url]: 'remote',
    ...Object.fromEntries(PAGES.map((v) => [hosts[v].url, 'host'])),
    [walletsHost.url]: 'host',
    [STRIPE_JS_ORIGIN]: 'stripe',
  };
  const sourceOf = sourceMaps({
    [remote.url]: path.join(ROOT, 'dist'),
    ...Object.fromEntries(VARIANTS.filter((v) => hosts[v]).map((v) => [hosts[v].url, path.join(__dirname, 'dist', v)])),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const userAgent = await browserUserAgent(browser);
  let clicks = 0;
  const started = Date.now();
  const results: Record<string, unknown> = {};
  const sections: ReportSection[] = [];
  const lines: string[] = [];
  try {
    // Warm-up: the first navigations of a fresh browser pay for things no variant should be charged.
    for (const key of ROUND_PAGES) await visit(browser, urlOf(key), PROFILES[0]);

    for (const profile of SELECTED) {
      const allVisits = Object.fromEntries(
        [...new Set([...VARIANTS, ...LOAD_WAIT_PAGES, ...ROUND_PAGES])].map((v) => [v, []]),
      ) as unknown as Record<string, Visit[]>;
      const visits = allVisits as Record<Page, Visit[]>;
      const walletVisits: Visit[] = [];
      const baseWalletVisits: Visit[] = [];
      const clickMs = Object.fromEntries(CLICK_WAYS.map((w) => [w, [] as number[]])) as Record<ClickWay, number[]>;
      for (let round = 0; round < ROUNDS; round++) {
        // Interleaved, and the order alternates, so drift on a noisy machine hits both variants alike.
        const order = round % 2 ? [...ROUND_PAGES].reverse() : ROUND_PAGES;
        for (const key of order) allVisits[key].push(await visit(browser, urlOf(key), profile));
        const walletOrder = [walletsUrl, ...(baseline ? [baseline.wallets] : [])];
        for (const url of round % 2 ? [...walletOrder].reverse() : walletOrder)
          (url === walletsUrl ? walletVisits : baseWalletVisits).push(await visit(browser, url, profile, false, 'wallets'));
        if (flags.quick) continue;
        for (const way of round % 2 ? [...CLICK_WAYS].reverse() : CLICK_WAYS) {
          const click = await clickToStripe(browser, `${shop.url}/`, profile, way, `${userAgent} bench-visit/${++clicks}`);
          if (!/\/c\/pay\/cs_/.test(click.landed))
            throw new Error(`The ${way}'s click went to ${click.landed}, not a Checkout Session's page.`);
          clickMs[way].push(click.ms);
        }
      }
      // With --quick, `formless` has no visits: left out of what needs one.
      const measured = VARIANTS.filter((v) => allVisits[v].length);
      const clickMedians = Object.fromEntries(CLICK_WAYS.map((w) => [w, median(clickMs[w])])) as Record<ClickWay, number>;
      const walletsMs = Object.fromEntries(
        (['usable', 'stripe', 'wallets'] as const).map((m) => [m, median(walletVisits.map((x) => x.marks[m] ?? NaN))]),
      ) as Record<'usable' | 'stripe' | 'wallets', number>;
      const samples = (v: Page, m: Metric | 'load') => visits[v].map((x) => x.marks[m] ?? NaN);
      const medians = Object.fromEntries(
        VARIANTS.map((v) => [v, Object.fromEntries(METRICS.map((m) => [m, median(samples(v, m))]))]),
      ) as Record<Variant, Record<Metric, number>>;
      const ratio = (m: Metric) => medians.federated[m] / medians.direct[m];
      const representative = (v: Variant) =>
        visits[v].reduce((best, x) =>
          Math.abs((x.marks.usable ?? Infinity) - medians[v].usable) < Math.abs((best.marks.usable ?? Infinity) - medians[v].usable)
            ? x
            : best,
        );
      const remotePaths = visits.federated.map((x) => remotePath(x, remote.url));
      const bytes = median(remotePaths.map((p) => p.bytes));
      const shown = remotePath(representative('federated'), remote.url);
      const unverifiedBytes = median(visits.unverified.map((x) => remotePath(x, remote.url).bytes));
      const unverifiedShown = remotePath(representative('unverified'), remote.url);
      const verifiedRatio = medians.federated.usable / medians.unverified.usable;
      const standaloneBytes = median(visits.standalone.map((x) => remotePath(x, remote.url).bytes));
      const standaloneShown = remotePath(representative('standalone'), remote.url);
      const loadWaitMedians = Object.fromEntries(
        (['federated', ...LOAD_WAIT_PAGES] as const).map((v) => [
          v,
          Object.fromEntries((['load', 'usable', 'stripe'] as const).map((m) => [m, median(samples(v, m))])),
        ]),
      ) as LoadWaitMedians;
      const loadWait = loadWaitCost(loadWaitMedians);

      const description = describeProfile(profile);
      console.log(`\n[${profile.name}] ${description}\nTime after navigation, median of ${ROUNDS} interleaved rounds (ms)\n`);
      for (const line of milestoneTable(medians)) console.log(line);
      const shift = (v: Variant) => median(visits[v].map((x) => x.marks.shift ?? NaN)).toFixed(3);
      console.log(
        `${'layout shift'.padEnd(22)} ${VARIANTS.map((v) => `${v} ${shift(v)}`).join(', ')}  (the sum of the page's shifts until Stripe.js is ready)`,
      );
      console.log(
        `${'wallets mode (federated)'.padEnd(22)} usable ${walletsMs.usable.toFixed(0)}, Stripe.js ready ${walletsMs.stripe.toFixed(0)}, wallets shown ${walletsMs.wallets.toFixed(0)}`,
      );
      console.log(
        `${"click to Stripe's page".padEnd(22)} the button ${clickMedians.button.toFixed(0)}, the form (JavaScript off) ${clickMedians.form.toFixed(0)}  (server/ + API stand-in creating sessions in ${STRIPE_CREATE_MS} ms)`,
      );
      console.log('');
      for (const line of remotePathLines(
        `From the remote before the button is in the DOM, representative visit (bytes: gzip -9 / brotli as served):`,
        shown,
      ))
        console.log(line);
      for (const line of remotePathLines(`Unverified (verify: 'off', nothing checked), same visit choice:`, unverifiedShown))
        console.log(line);
      for (const line of remotePathLines(`Standalone (<checkout-button>, no React on the page), same visit choice:`, standaloneShown))
        console.log(line);
      console.log(`\n${loadWaitTable(loadWaitMedians).join('\n')}`);
      if (baseline) {
        const side = (pick: (p: (typeof COMPARED)[number]) => Visit[], wallets: Visit[], remoteUrl: string, dist?: string): Side => ({
          visits: Object.fromEntries(COMPARED.map((p) => [p, pick(p)])) as Side['visits'],
          wallets,
          bytes: Object.fromEntries(
            COMPARED.map((p) => [p, median(pick(p).map((x) => remotePath(x, remoteUrl, dist).bytes))]),
          ) as Side['bytes'],
        });
        const ours = side((p) => visits[OUR_PAGE[p]], walletVisits, remote.url);
        const base = side((p) => allVisits[`base:${p}`], baseWalletVisits, baseline.remoteUrl, baseline.dist);
        const comparison = compare(ours, base);
        console.log(`\n${comparisonLines(baseline.rev, comparison, ours, base, ROUNDS).join('\n')}`);
        lines.push(comparisonLine(baseline.rev, profile.name, comparison, ours, base));
        results[`${profile.name}:baseline`] = {
          rev: baseline.rev,
          sha: baseline.sha,
          comparison,
          bytes: { ours: ours.bytes, baseline: base.bytes },
        };
      }
      const traced = Object.fromEntries(TRACED.map((v) => [v, urls[v]])) as Record<Variant, string>;
      const breakdowns = TRACE_ROUNDS ? await traceVariants(browser, traced, profile, TRACE_ROUNDS, sourceOf) : undefined;
      if (breakdowns) console.log(`\n${breakdownLines(breakdowns).join('\n')}`);

      results[profile.name] = {
        profile,
        stripeDelayMs: stripeDelayMs(profile),
        medianMs: medians,
        ratioToDirect: Object.fromEntries(METRICS.map((m) => [m, ratio(m)])),
        remoteBytesBeforeButton: bytes,
        unverifiedRemoteBytesBeforeButton: unverifiedBytes,
        ratioVerifiedToUnverifiedUsable: verifiedRatio,
        clickToStripeMs: clickMedians,
        layoutShift: Object.fromEntries(VARIANTS.map((v) => [v, median(visits[v].map((x) => x.marks.shift ?? NaN))])),
        clickToStripeSamplesMs: clickMs,
        walletsModeMs: walletsMs,
        standaloneRemoteBytesBeforeButton: standaloneBytes,
        loadWait: {
          medianMs: loadWaitMedians,
          costMs: loadWait,
          samplesMs: Object.fromEntries(
            (['federated', ...LOAD_WAIT_PAGES] as const).map((v) => [
              v,
              { load: samples(v, 'load'), usable: samples(v, 'usable'), stripe: samples(v, 'stripe') },
            ]),
          ),
        },
        remoteRoundTripsBeforeButton: median(remotePaths.map((p) => p.roundTrips)),
        samplesMs: Object.fromEntries(VARIANTS.map((v) => [v, Object.fromEntries(METRICS.map((m) => [m, samples(v, m)]))])),
        representative: Object.fromEntries(measured.map((v) => [v, representative(v)])),
        mainThread: breakdowns,
      };
      sections.push({
        profile: profile.name,
        description,
        variants: measured.map((v) => ({
          name: `${v} (usable ${medians[v].usable.toFixed(0)} ms median)`,
          visit: representative(v),
          origins,
        })),
        mainThread: breakdowns && renderBreakdown(breakdowns, TRACE_ROUNDS),
      });
      lines.push(
        `bench: remote-bytes-gz=${bytes} ratio-usable=${ratio('usable').toFixed(2)} ratio-dom=${ratio('dom').toFixed(2)} ratio-stripe=${ratio('stripe').toFixed(2)} profile=${profile.name} standalone-bytes-gz=${standaloneBytes} wallets-shown-ms=${walletsMs.wallets.toFixed(0)}` +
          ` pays-ms=${medians.federated.pays.toFixed(0)} pays-no-form-ms=${medians.formless.pays.toFixed(0)} click-button-ms=${clickMedians.button.toFixed(0)} click-form-ms=${clickMedians.form.toFixed(0)} ratio-verified=${verifiedRatio.toFixed(2)} unverified-bytes-gz=${unverifiedBytes}` +
          ` load-wait-ms=${loadWait.fast.usableMs.toFixed(0)} load-wait-slow-ms=${loadWait.slow.usableMs.toFixed(0)}`,
      );
    }
    log(`measured in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const setup = {
      date: new Date().toISOString(),
      rounds: ROUNDS,
      stripePreload: !flags['no-stripe-preload'],
      remotePreload: !flags['no-remote-preload'],
      variants: { ...DESCRIPTIONS, ...LOAD_WAIT_DESCRIPTIONS },
      chunkPreload: !flags['no-chunk-preload'],
    };
    writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify({ ...setup, profiles: results }, null, 2)}\n`);
    writeFileSync(path.join(__dirname, 'report.html'), renderReport('npm run bench: direct vs federated', sections));
    console.log('');
    for (const line of lines) console.log(line);
  } finally {
    await browser.close();
    await Promise.all([
      remote.close(),
      shop.close(),
      backend.close(),
      walletsHost.close(),
      ...PAGES.map((v) => hosts[v].close()),
      baseline?.close(),
    ]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
