// One visit of one bench page in a fresh browser context: the network of a profile, the milestones
// the page reached (ms after navigation) and every request it made, for the waterfall.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { STRIPE_STAND_IN } from '../stand-ins/stripeJs';
import { firstPayableMs, PAY_FORM_BUTTON, PAY_FORM_TIMING } from './pays';
import { stripeDelayMs, type Profile } from './profiles';

/** `pays`: when a click first leads to payment (pays.ts), derived from the probe's marks. */
export const METRICS = ['pays', 'dom', 'usable', 'stripe'] as const;
export type Metric = (typeof METRICS)[number];
/**
 * `wallets`: wallets mode's row shown (only on the wallets page); `form`, `formPaint`, `fcp`: see
 * pays.ts; `load`: the page's `load` event, if it fired during the visit; `shift`: not a time but the
 * page's layout shift so far (the sum of its scores, as CLS).
 */
export type Marks = Partial<Record<Metric | 'stripeTag' | 'wallets' | 'form' | 'formPaint' | 'fcp' | 'shift' | 'load', number>>;

/** Wallets mode's row, once shown (src/ui/WalletRow.tsx). */
export const WALLETS_SHOWN = '[data-wallets="shown"]';

export const LABELS: Record<Metric, string> = {
  pays: 'a click pays',
  dom: 'button in the DOM',
  usable: 'button usable',
  stripe: 'Stripe.js ready',
};

export interface RequestRecord {
  url: string;
  startMs: number;
  endMs: number;
  /** Bytes of the response body as it crossed the wire (compressed when the server compressed it). */
  wireBytes: number;
}

export interface Visit {
  marks: Marks;
  requests: RequestRecord[];
  /** The Chromium trace of the visit (JSON), when it was traced. */
  trace?: Buffer;
}

/** What a traced visit records: the main thread's tasks, script evaluation and compilation, JS samples, user timings. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
];

/** The binding the probe calls once Stripe.js is ready (and the visit's `until` mark is set). */
const DONE_BINDING = '__benchVisitDone';
/** Where a visit tells the probe which further mark it waits for. */
const UNTIL_GLOBAL = '__benchUntil';

/** The performance mark the probe sets when the button is usable: it places the page's clock in a trace. */
export const USABLE_MARK = 'bench:usable';

// Installed before any page script: notes when each milestone first happens (ms since navigation).
// Usable (redirect mode): the button is rendered and enabled; Stripe.js ready: state `resolved`.
// <checkout-button> renders in a shadow root: the probe finds the root there too, and watches it.
// A plain payment form's button gets an `elementtiming` attribute as soon as it is in the DOM (a
// mutation callback runs before the next paint), so the paint that shows it is reported.
// It tells the bench when the visit is over through a binding (DONE_BINDING), not through Playwright's
// waitForSelector: that evaluates Playwright's own selector engine in the page when first called
// (135-400 ms of the main thread at 4x CPU, 75 ms of it compiling), which landed right after
// DOMContentLoaded, before the federated pages' button and mostly after the bundled one's.
const PROBE = `(() => {
  const marks = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.identifier === '${PAY_FORM_TIMING}' && marks.formPaint === undefined) marks.formPaint = e.renderTime || e.loadTime;
  }).observe({ type: 'element', buffered: true });
  addEventListener('load', () => { marks.load = performance.now(); }, { once: true });
  marks.shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) marks.shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const find = () => document.querySelector('[data-checkout-state]') || document.querySelector('checkout-button')?.shadowRoot?.querySelector('[data-checkout-state]');
  const check = () => {
    const now = performance.now();
    const root = find();
    const button = root && root.querySelector('button');
    if (button && marks.dom === undefined) marks.dom = now;
    if (button && marks.usable === undefined && !button.disabled && button.getAttribute('aria-disabled') !== 'true') { marks.usable = now; performance.mark('${USABLE_MARK}'); }
    if (root && marks.stripe === undefined && root.getAttribute('data-checkout-state') === 'resolved') marks.stripe = now;
    if (root && marks.wallets === undefined && root.querySelector('${WALLETS_SHOWN}')) marks.wallets = now;
    const payForm = marks.form === undefined && document.querySelector('${PAY_FORM_BUTTON}');
    if (payForm) { marks.form = now; payForm.setAttribute('elementtiming', '${PAY_FORM_TIMING}'); }
    if (marks.stripeTag === undefined && document.querySelector('script[src^="https://js.stripe.com/"]')) marks.stripeTag = now;
    if (marks.stripe !== undefined && !done && (!until || marks[until] !== undefined)) {
      done = true;
      window.${DONE_BINDING}();
    }
  };
  const until = window.${UNTIL_GLOBAL};
  let done = false;
  const watched = { childList: true, subtree: true, attributes: true, attributeFilter: ['data-checkout-state', 'disabled', 'aria-disabled', 'data-wallets'] };
  const observer = new MutationObserver(check);
  observer.observe(document, watched);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const shadow = attachShadow.call(this, init);
    observer.observe(shadow, watched);
    return shadow;
  };
  window.__bench = marks;
})();`;

/** A profile on a fresh context's page: Stripe.js routed after what it would cost, the network and the CPU throttled. */
export async function emulate(context: BrowserContext, page: Page, profile: Profile): Promise<void> {
  const delay = stripeDelayMs(profile);
  await context.route('https://js.stripe.com/**', async (route) => {
    if (delay) await new Promise((done) => setTimeout(done, delay));
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_STAND_IN });
  });
  const cdp = await context.newCDPSession(page);
  if (profile.downBytesPerS > 0 || profile.rttMs > 0) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.rttMs,
      downloadThroughput: profile.downBytesPerS,
      uploadThroughput: profile.upBytesPerS,
    });
  }
  // Kept across the navigation that follows (checked: a busy loop runs ~4× longer at rate 4).
  if (profile.cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
}

/** A mark the visit also waits for, after Stripe.js ready (wallets mode's row shown). */
export type UntilMark = 'wallets';

/** `until`: a mark the visit also waits for. */
export async function visit(browser: Browser, url: string, profile: Profile, trace = false, until?: UntilMark): Promise<Visit> {
  const context = await browser.newContext();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    let finish!: () => void;
    const over = new Promise<void>((resolve, reject) => {
      finish = resolve;
      timer = setTimeout(() => reject(new Error(`${url} was not ready${until ? ` (and ${until})` : ''} within 30 s`)), 30_000);
    });
    over.catch(() => undefined); // awaited after the navigation; a timeout meanwhile is not unhandled
    await context.exposeBinding(DONE_BINDING, () => finish());
    if (until) await context.addInitScript(`window.${UNTIL_GLOBAL} = ${JSON.stringify(until)};`);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await emulate(context, page, profile);
    const finished: Promise<{ request: Request; wireBytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      finished.push(
        request.sizes().then(
          (sizes) => ({ request, wireBytes: sizes.responseBodySize }),
          () => ({ request, wireBytes: 0 }),
        ),
      );
    });
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await over;
    const traced = trace ? await browser.stopTracing() : undefined;
    const { marks, timeOrigin } = await page.evaluate(() => ({
      marks: (window as unknown as { __bench: Marks }).__bench,
      timeOrigin: performance.timeOrigin,
    }));
    const requests = (await Promise.all(finished)).map(({ request, wireBytes }) => {
      const timing = request.timing();
      return {
        url: request.url(),
        startMs: timing.startTime - timeOrigin,
        endMs: timing.startTime + Math.max(timing.responseEnd, 0) - timeOrigin,
        wireBytes,
      };
    });
    marks.pays = firstPayableMs(marks);
    return { marks, requests: requests.sort((a, b) => a.startMs - b.startMs), ...(traced ? { trace: traced } : {}) };
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}
