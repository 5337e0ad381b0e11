// `npm run bench`: what federation costs a host, measured side by side on several networks.
// Builds the production remote and the host example twice (bench/webpack.config.ts): `federated`, the
// host example as it is, and `direct`, the same page with the button bundled from source; `standalone`
// is the one-tag page (<checkout-button>, no React) on the same remote. Serves
// every file compressed as a CDN would, and drives headless Chromium through interleaved rounds per
// network profile (profiles.ts), each visit in a fresh context. Prints medians and federated/direct
// ratios per milestone, the bytes a React host downloads from the remote before the button shows,
// writes bench/results.json (every sample) and bench/report.html (a waterfall per profile).
//
//   npm run bench -- --rounds 9 --profiles 4g,mobile --no-stripe-preload --no-remote-preload --no-chunk-preload --skip-build
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../build/chromium';
import { startStaticServer, type StaticServer } from '../build/staticServer';
import { STRIPE_JS_ORIGIN } from '../src/stripe/policy';
import { servePage } from './hostPage';
import { LABELS, METRICS, visit, type Metric, type Visit } from './measure';
import { describeProfile, PROFILES, stripeDelayMs } from './profiles';
import { BENCH_REMOTE_PORT } from './remote';
import { chunkPreloadLinks } from './remotePreload';
import { renderReport, type ReportSection } from './report';
import { traceVariants } from './breakdown';
import { breakdownLines, renderBreakdown } from './mainThreadReport';
import { sourceMaps } from './sourceMaps';
import { serveStandalonePage } from './standalonePage';
import { walletSessionHandler, walletsPageUrl } from './walletsPage';
import { WALLETS_SHOWN } from './measure';

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
  },
});
const ROUNDS = Math.max(1, Number(flags.rounds));
const TRACE_ROUNDS = Math.max(0, Number(flags['trace-rounds']));
const SELECTED = PROFILES.filter((p) => flags.profiles!.split(',').includes(p.name));
// The machine-readable last line is the 4g one: run it last.
SELECTED.sort((a, b) => Number(a.name === '4g') - Number(b.name === '4g'));

// `standalone`: <checkout-button>, the one tag, on a plain page with no bundler and no React (standalonePage.ts).
type Variant = 'direct' | 'federated' | 'standalone';
const VARIANTS: Variant[] = ['direct', 'federated', 'standalone'];
const BUILT: Variant[] = ['direct', 'federated'];

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

function build(label: string, args: string[]): void {
  const started = Date.now();
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/webpack'), args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} build failed:\n${result.stdout}\n${result.stderr}`);
  log(`built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

interface RemoteFile {
  file: string;
  /** What crossed the wire (Chromium asks localhost for brotli). */
  wireBytes: number;
  /** The same file's gzip -9 copy from the build: the figure the targets are written in. */
  gzipBytes: number;
  startMs: number;
}

function gzipSize(file: string): number {
  const compressed = path.join(ROOT, 'dist', `${file}.gz`);
  return existsSync(compressed) ? statSync(compressed).size : gzipSync(readFileSync(path.join(ROOT, 'dist', file)), { level: 9 }).length;
}

/** What the federated page downloaded from the remote before the button was in the DOM, and in how many sequential waves. */
function remotePath(v: Visit, remoteUrl: string): { files: RemoteFile[]; bytes: number; wireBytes: number; roundTrips: number } {
  const before = v.requests.filter((r) => r.url.startsWith(remoteUrl) && r.startMs < (v.marks.dom ?? Infinity));
  let roundTrips = 0;
  let waveEnd = -Infinity;
  for (const r of before) {
    if (r.startMs >= waveEnd) roundTrips++;
    waveEnd = Math.max(waveEnd, r.endMs);
  }
  const files = before.map((r) => {
    const file = new URL(r.url).pathname.slice(1);
    return { file, wireBytes: r.wireBytes, gzipBytes: gzipSize(file), startMs: r.startMs };
  });
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    wireBytes: files.reduce((sum, f) => sum + f.wireBytes, 0),
    roundTrips,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  if (!flags['skip-build']) {
    build('remote', ['--mode', 'production']);
    build('host example, federated and direct', ['-c', 'bench/webpack.config.ts']);
  }

  const remote = await startStaticServer({ root: path.join(ROOT, 'dist'), port: BENCH_REMOTE_PORT }).catch((error: Error) => {
    throw new Error(`The bench serves the remote on port ${BENCH_REMOTE_PORT} (the URL its host is built with): ${error.message}. Set BENCH_REMOTE_PORT to a free one and build again.`);
  });
  const manifestUrl = `${remote.url}/mf-manifest.json`;
  const chunkLinks = flags['no-chunk-preload'] ? '' : await chunkPreloadLinks(manifestUrl, './CheckoutButton');
  const hosts = {} as Record<Variant, StaticServer>;
  hosts.standalone = await serveStandalonePage(remote.url);
  for (const v of BUILT) {
    const root = path.join(__dirname, 'dist', v);
    const edits = { dropStripe: flags['no-stripe-preload']!, dropRemote: flags['no-remote-preload']!, remoteUrl: remote.url, chunkLinks };
    const page = servePage(root, edits);
    hosts[v] = await startStaticServer({ root, handle: (req, res) => page(req, res) || walletSessionHandler(req, res) });
  }
  const urls = Object.fromEntries(VARIANTS.map((v) => [v, `${hosts[v].url}/`])) as Record<Variant, string>;
  // Wallets mode: the federated page, measured to its wallet row shown, beside the three variants.
  const walletsUrl = walletsPageUrl(urls.federated);
  const origins = { [remote.url]: 'remote', ...Object.fromEntries(VARIANTS.map((v) => [hosts[v].url, 'host'])), [STRIPE_JS_ORIGIN]: 'stripe' };
  const sourceOf = sourceMaps({ [remote.url]: path.join(ROOT, 'dist'), ...Object.fromEntries(VARIANTS.map((v) => [hosts[v].url, path.join(__dirname, 'dist', v)])) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const started = Date.now();
  const results: Record<string, unknown> = {};
  const sections: ReportSection[] = [];
  const lines: string[] = [];
  try {
    // Warm-up: the first navigations of a fresh browser pay for things no variant should be charged.
    for (const v of VARIANTS) await visit(browser, urls[v], PROFILES[0]);

    for (const profile of SELECTED) {
      const visits = Object.fromEntries(VARIANTS.map((v) => [v, []])) as unknown as Record<Variant, Visit[]>;
      const walletVisits: Visit[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Interleaved, and the order alternates, so drift on a noisy machine hits both variants alike.
        const order = round % 2 ? [...VARIANTS].reverse() : VARIANTS;
        for (const v of order) visits[v].push(await visit(browser, urls[v], profile));
        walletVisits.push(await visit(browser, walletsUrl, profile, false, WALLETS_SHOWN));
      }
      const walletsMs = Object.fromEntries(
        (['usable', 'stripe', 'wallets'] as const).map((m) => [m, median(walletVisits.map((x) => x.marks[m] ?? NaN))]),
      ) as Record<'usable' | 'stripe' | 'wallets', number>;
      const samples = (v: Variant, m: Metric) => visits[v].map((x) => x.marks[m] ?? NaN);
      const medians = Object.fromEntries(
        VARIANTS.map((v) => [v, Object.fromEntries(METRICS.map((m) => [m, median(samples(v, m))]))]),
      ) as Record<Variant, Record<Metric, number>>;
      const ratio = (m: Metric) => medians.federated[m] / medians.direct[m];
      const representative = (v: Variant) =>
        visits[v].reduce((best, x) =>
          Math.abs((x.marks.usable ?? Infinity) - medians[v].usable) < Math.abs((best.marks.usable ?? Infinity) - medians[v].usable) ? x : best,
        );
      const remotePaths = visits.federated.map((x) => remotePath(x, remote.url));
      const bytes = median(remotePaths.map((p) => p.bytes));
      const shown = remotePath(representative('federated'), remote.url);
      const standaloneBytes = median(visits.standalone.map((x) => remotePath(x, remote.url).bytes));
      const standaloneShown = remotePath(representative('standalone'), remote.url);

      const description = describeProfile(profile);
      console.log(`\n[${profile.name}] ${description}\nTime after navigation, median of ${ROUNDS} interleaved rounds (ms)\n`);
      console.log(`${'milestone'.padEnd(22)}${pad('direct', 8)}${pad('federated', 11)}${pad('ratio', 7)}${pad('+ms', 6)}${pad('standalone', 12)}`);
      for (const m of METRICS) {
        console.log(
          `${LABELS[m].padEnd(22)}${pad(medians.direct[m].toFixed(0), 8)}${pad(medians.federated[m].toFixed(0), 11)}${pad(ratio(m).toFixed(2), 7)}${pad((medians.federated[m] - medians.direct[m]).toFixed(0), 6)}${pad(medians.standalone[m].toFixed(0), 12)}`,
        );
      }
      console.log(
        `${'wallets mode (federated)'.padEnd(22)} usable ${walletsMs.usable.toFixed(0)}, Stripe.js ready ${walletsMs.stripe.toFixed(0)}, wallets shown ${walletsMs.wallets.toFixed(0)}`,
      );
      console.log(`\nFrom the remote before the button is in the DOM, representative visit (bytes: gzip -9 / brotli as served):`);
      for (const f of shown.files) console.log(`  ${f.file.padEnd(50)}${pad(f.gzipBytes, 7)}${pad(f.wireBytes, 7)}  starts at ${f.startMs.toFixed(0)} ms`);
      console.log(`  ${'total'.padEnd(50)}${pad(shown.bytes, 7)}${pad(shown.wireBytes, 7)}  in ${shown.roundTrips} sequential round trip(s)`);
      console.log(`Standalone (<checkout-button>, no React on the page), same visit choice:`);
      for (const f of standaloneShown.files) console.log(`  ${f.file.padEnd(50)}${pad(f.gzipBytes, 7)}${pad(f.wireBytes, 7)}  starts at ${f.startMs.toFixed(0)} ms`);
      console.log(`  ${'total'.padEnd(50)}${pad(standaloneShown.bytes, 7)}${pad(standaloneShown.wireBytes, 7)}  in ${standaloneShown.roundTrips} sequential round trip(s)`);
      const breakdowns = TRACE_ROUNDS ? await traceVariants(browser, urls, profile, TRACE_ROUNDS, sourceOf) : undefined;
      if (breakdowns) console.log(`\n${breakdownLines(breakdowns).join('\n')}`);

      results[profile.name] = {
        profile,
        stripeDelayMs: stripeDelayMs(profile),
        medianMs: medians,
        ratioToDirect: Object.fromEntries(METRICS.map((m) => [m, ratio(m)])),
        remoteBytesBeforeButton: bytes,
        walletsModeMs: walletsMs,
        standaloneRemoteBytesBeforeButton: standaloneBytes,
        remoteRoundTripsBeforeButton: median(remotePaths.map((p) => p.roundTrips)),
        samplesMs: Object.fromEntries(VARIANTS.map((v) => [v, Object.fromEntries(METRICS.map((m) => [m, samples(v, m)]))])),
        representative: Object.fromEntries(VARIANTS.map((v) => [v, representative(v)])),
        mainThread: breakdowns,
      };
      sections.push({
        profile: profile.name,
        description,
        variants: VARIANTS.map((v) => ({ name: `${v} (usable ${medians[v].usable.toFixed(0)} ms median)`, visit: representative(v), origins })),
        mainThread: breakdowns && renderBreakdown(breakdowns, TRACE_ROUNDS),
      });
      lines.push(`bench: remote-bytes-gz=${bytes} ratio-usable=${ratio('usable').toFixed(2)} ratio-dom=${ratio('dom').toFixed(2)} ratio-stripe=${ratio('stripe').toFixed(2)} profile=${profile.name} standalone-bytes-gz=${standaloneBytes} wallets-shown-ms=${walletsMs.wallets.toFixed(0)}`);
    }
    log(`measured in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const setup = {
      date: new Date().toISOString(),
      rounds: ROUNDS,
      stripePreload: !flags['no-stripe-preload'],
      remotePreload: !flags['no-remote-preload'],
      variants: {
        direct: 'the host example with CheckoutButton bundled from source (no federation, one file)',
        federated: "the host example's production build as it is, its remote at the bench's dist/; the button's chunks preloaded by the page's server (--no-chunk-preload: not)",
        wallets: "the federated page with mode 'wallets' (?props=), its session endpoint answering at once: measured to its wallet row shown (bench/walletsPage.ts)",
        standalone: "docs/element.md's one-tag page (tests/e2e/hosts/element): <checkout-button> from the bench's dist/checkout-button.js, no React, no Stripe.js tag of its own",
      },
      chunkPreload: !flags['no-chunk-preload'],
    };
    writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify({ ...setup, profiles: results }, null, 2)}\n`);
    writeFileSync(path.join(__dirname, 'report.html'), renderReport('npm run bench: direct vs federated', sections));
    console.log('');
    for (const line of lines) console.log(line);
  } finally {
    await browser.close();
    await Promise.all([remote.close(), ...VARIANTS.map((v) => hosts[v].close())]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
