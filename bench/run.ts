// `npm run bench`: what federation costs a host, measured side by side in one run.
// Builds the production remote, the host example and two bench hosts (the same page, with the
// button bundled directly or loaded from the remote), serves them on loopback, and drives headless
// Chromium through interleaved rounds, each in a fresh context, Stripe.js answered at once.
// Reports medians and federated/direct ratios, and the bytes and round trips on the remote's path.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Request } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../build/staticServer';

const ROOT = path.resolve(__dirname, '..');
const ROUNDS = Math.max(15, Number(process.env.BENCH_ROUNDS ?? 15));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const STRIPE_STAND_IN =
  "window.Stripe=function(){return {_registerWrapper:function(){}}};window.Stripe.version='endive';";

type Variant = 'direct' | 'federated';
const VARIANTS: Variant[] = ['direct', 'federated'];
const METRICS = ['dom', 'usable', 'stripe'] as const;
type Metric = (typeof METRICS)[number];
type Marks = Partial<Record<Metric, number>>;

const LABELS: Record<Metric, string> = {
  dom: 'button in the DOM',
  usable: 'button usable (resolved)',
  stripe: 'Stripe.js request starts',
};

// Installed before any page script: notes when each milestone first happens (ms since navigation).
const PROBE = `(() => {
  const marks = {};
  const check = () => {
    const root = document.querySelector('[data-checkout-state]');
    if (root && marks.dom === undefined && root.querySelector('button')) marks.dom = performance.now();
    if (root && marks.usable === undefined && root.getAttribute('data-checkout-state') === 'resolved') marks.usable = performance.now();
    if (marks.stripe === undefined && document.querySelector('script[src^="https://js.stripe.com/"]')) marks.stripe = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-checkout-state'] });
  window.__bench = marks;
})();`;

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
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function visit(browser: Browser, url: string, onRequest?: (request: Request) => void): Promise<{ marks: Marks; timeOrigin: number }> {
  const context = await browser.newContext();
  try {
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_STAND_IN }),
    );
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    if (onRequest) page.on('requestfinished', onRequest);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-checkout-state="resolved"]', { timeout: 20_000 });
    return await page.evaluate(() => ({
      marks: (window as unknown as { __bench: Marks }).__bench,
      timeOrigin: performance.timeOrigin,
    }));
  } finally {
    await context.close();
  }
}

interface RemoteFile {
  file: string;
  gzipBytes: number;
  startMs: number;
  endMs: number;
}

/** What a React host downloads from the remote before the button shows, and in how many sequential waves. */
async function criticalPath(browser: Browser, url: string, remote: StaticServer): Promise<{ files: RemoteFile[]; totalGzipBytes: number; roundTrips: number }> {
  const requests: Request[] = [];
  const { marks, timeOrigin } = await visit(browser, url, (request) => {
    if (request.url().startsWith(remote.url)) requests.push(request);
  });
  const shownAt = timeOrigin + (marks.dom ?? Infinity);
  const files = requests
    .map((request) => {
      const timing = request.timing();
      const file = new URL(request.url()).pathname.slice(1);
      return {
        file,
        gzipBytes: gzipSync(readFileSync(path.join(ROOT, 'dist', file)), { level: 9 }).length,
        startMs: timing.startTime - timeOrigin,
        endMs: timing.startTime + timing.responseEnd - timeOrigin,
      };
    })
    .filter((f) => timeOrigin + f.startMs < shownAt)
    .sort((a, b) => a.startMs - b.startMs);
  // Sequential round trips: a request that starts after everything before it has ended waited for it.
  let roundTrips = 0;
  let waveEnd = -Infinity;
  for (const f of files) {
    if (f.startMs >= waveEnd) roundTrips++;
    waveEnd = Math.max(waveEnd, f.endMs);
  }
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), roundTrips };
}

/**
 * A federated host that knows its remote's URL when it serves its page lets the browser fetch the
 * manifest and the entry while it is still parsing the HTML, instead of after the host's own
 * JavaScript has started: `<link rel="preload">` for both (README, "Mount it in your host").
 */
function preloadingPage(root: string) {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const manifest = url.searchParams.get('remote');
    if (url.pathname !== '/' || !manifest) return false;
    const entry = new URL('remoteEntry.js', manifest).href;
    const links = `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous"><link rel="preload" href="${entry}" as="script">`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(html.replace('<head>', `<head>${links}`));
    return true;
  };
}

function pad(value: string | number, width: number): string {
  return String(value).padStart(width);
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  if (!process.env.BENCH_SKIP_REMOTE) build('remote', ['--mode', 'production']);
  if (existsSync(path.join(ROOT, 'host-example/webpack.config.ts')) && !process.env.BENCH_SKIP_HOST_EXAMPLE) {
    build('host example', ['--mode', 'production', '-c', 'host-example/webpack.config.ts']);
  }
  build('bench hosts', ['-c', 'bench/webpack.config.ts']);

  const remote = await startStaticServer({ root: path.join(ROOT, 'dist') });
  const hosts = Object.fromEntries(
    await Promise.all(
      VARIANTS.map(async (v) => {
        const root = path.join(__dirname, 'dist', v);
        const handle = v === 'direct' || process.env.BENCH_NO_PRELOAD ? undefined : preloadingPage(root);
        return [v, await startStaticServer({ root, handle })] as const;
      }),
    ),
  ) as Record<Variant, StaticServer>;
  const urls: Record<Variant, string> = {
    direct: `${hosts.direct.url}/`,
    federated: `${hosts.federated.url}/?remote=${encodeURIComponent(`${remote.url}/mf-manifest.json`)}`,
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // Warm-up: the first navigation of a fresh browser pays for things no variant should be charged.
    for (const variant of VARIANTS) await visit(browser, urls[variant]);

    const samples = Object.fromEntries(VARIANTS.map((v) => [v, { dom: [], usable: [], stripe: [] }])) as unknown as Record<
      Variant,
      Record<Metric, number[]>
    >;
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, and the order rotates, so drift on a noisy machine hits every variant alike.
      const order = VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length]);
      for (const variant of order) {
        const { marks } = await visit(browser, urls[variant]);
        for (const metric of METRICS) samples[variant][metric].push(marks[metric] ?? NaN);
      }
    }
    const critical = await criticalPath(browser, urls.federated, remote);

    const medians = Object.fromEntries(
      VARIANTS.map((v) => [v, Object.fromEntries(METRICS.map((m) => [m, median(samples[v][m])]))]),
    ) as Record<Variant, Record<Metric, number>>;
    const ratio = (v: Variant, m: Metric) => medians[v][m] / medians.direct[m];

    console.log(`\nTime after navigation, median of ${ROUNDS} interleaved rounds (ms, loopback, headless Chromium)\n`);
    console.log(`${'milestone'.padEnd(28)}${pad('direct', 8)}${pad('federated', 11)}${pad('ratio', 7)}`);
    for (const m of METRICS) {
      console.log(`${LABELS[m].padEnd(28)}${pad(medians.direct[m].toFixed(0), 8)}${pad(medians.federated[m].toFixed(0), 11)}${pad(ratio('federated', m).toFixed(2), 7)}`);
    }
    console.log(`\nBytes a React host downloads from the remote before the button shows (gzip -9)\n`);
    for (const f of critical.files) console.log(`${f.file.padEnd(52)}${pad(f.gzipBytes, 8)}  starts at ${f.startMs.toFixed(0)} ms`);
    console.log(`${'total'.padEnd(52)}${pad(critical.totalGzipBytes, 8)}  in ${critical.roundTrips} sequential round trips`);

    const results = {
      date: new Date().toISOString(),
      rounds: ROUNDS,
      variants: {
        direct: 'the same page with CheckoutButton bundled in (no federation)',
        federated: 'registerRemotes + loadRemote of dist/mf-manifest.json, started in index.ts; manifest and entry preloaded from the HTML',
      },
      medianMs: medians,
      ratioToDirect: Object.fromEntries(METRICS.map((m) => [m, ratio('federated', m)])),
      samplesMs: samples,
      remoteCriticalPath: critical,
    };
    writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nbench: remote-bytes-gz=${critical.totalGzipBytes} ratio-usable=${ratio('federated', 'usable').toFixed(2)}`);
  } finally {
    await browser.close();
    await Promise.all([remote.close(), ...VARIANTS.map((v) => hosts[v].close())]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
