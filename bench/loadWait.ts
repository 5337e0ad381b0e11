// What waiting for the page's `load` costs a runtime host: the host kit runs the remote's scripts
// after `load`, or LOAD_WAIT_MS after it first asks (packages/host-kit/src/afterPageLoad.ts). Four
// pages side by side: the federated page as it is (its remote's scripts wait) and built without the
// wait (`now`, scriptsNow.ts), each as built (its own resources answer at once) and with one slow
// resource of its own, an image its server answers after SLOW_RESOURCE_MS (a third party's pixel, a
// widget still loading): longer than the kit's bound, so the slow pages show what the bound costs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOAD_WAIT_MS } from '../packages/host-kit/src/afterPageLoad';

export { LOAD_WAIT_MS };

/** How long the slow page's own resource takes: any resource slower than the kit's bound costs the same. */
export const SLOW_RESOURCE_MS = 5_000;
export const SLOW_RESOURCE_PATH = '/bench-slow-resource.gif';

/** `federated` waits for `load` (one of the bench's variants); `now` does not; `slow…`: with the slow resource. */
export type LoadWaitPage = 'federated' | 'now' | 'slow' | 'slowNow';
/** The pages visited for this beside the bench's variants (`federated` is one of those). */
export const LOAD_WAIT_PAGES = ['now', 'slow', 'slowNow'] as const;
export type ExtraLoadWaitPage = (typeof LOAD_WAIT_PAGES)[number];

export const LOAD_WAIT_DESCRIPTIONS: Record<ExtraLoadWaitPage, string> = {
  now: "the federated page built with the host kit's afterPageLoad.ts replaced by bench/scriptsNow.ts: the remote's scripts go in when the runtime asks, without waiting for the page's load",
  slow: `the federated page with an image of its own that its server answers after ${SLOW_RESOURCE_MS} ms (the page's load waits for it; the kit waits at most ${LOAD_WAIT_MS} ms)`,
  slowNow: `the 'now' page with the same slow image`,
};

/** The page with its slow resource, last in its body: it holds the page's `load` for SLOW_RESOURCE_MS. */
export function withSlowResource(html: string): string {
  const tag = `<img src="${SLOW_RESOURCE_PATH}" alt="" width="1" height="1">`;
  return /<\/body>/.test(html) ? html.replace(/<\/body>/, `${tag}</body>`) : `${html}${tag}`;
}

// The smallest GIF: one transparent pixel.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** GET SLOW_RESOURCE_PATH → a pixel after SLOW_RESOURCE_MS (nothing if the visit ended first); false for every other request. */
export function slowResourceHandler(req: IncomingMessage, res: ServerResponse): boolean {
  if (new URL(req.url ?? '/', 'http://bench').pathname !== SLOW_RESOURCE_PATH) return false;
  const timer = setTimeout(
    () => res.writeHead(200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' }).end(PIXEL),
    SLOW_RESOURCE_MS,
  );
  res.on('close', () => clearTimeout(timer));
  return true;
}

/** Medians per page, ms after navigation: `load` (NaN: not before Stripe.js was ready), the button usable, Stripe.js ready. */
export type LoadWaitMedians = Record<LoadWaitPage, Record<'load' | 'usable' | 'stripe', number>>;

/** What the wait costs on each kind of page: the waiting page's usable and Stripe.js ready against the page that does not wait. */
export function loadWaitCost(medians: LoadWaitMedians): Record<'fast' | 'slow', { usableMs: number; stripeMs: number; ratio: number }> {
  const cost = (waits: LoadWaitPage, now: LoadWaitPage) => ({
    usableMs: medians[waits].usable - medians[now].usable,
    stripeMs: medians[waits].stripe - medians[now].stripe,
    ratio: medians[waits].usable / medians[now].usable,
  });
  return { fast: cost('federated', 'now'), slow: cost('slow', 'slowNow') };
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pad = (value: string, width: number) => value.padStart(width);

/** The console's table: per kind of page, the waiting page and the page that does not wait, and what the wait costs. */
export function loadWaitTable(medians: LoadWaitMedians): string[] {
  const costs = loadWaitCost(medians);
  const head = ['load', 'usable', 'ready', 'load', 'usable', 'ready', '+usable', '+ready', 'ratio'];
  const widths = [7, 8, 7, 9, 8, 7, 9, 8, 7];
  const row = (label: string, waits: LoadWaitPage, now: LoadWaitPage, cost: (typeof costs)['fast']) => {
    const cells = [
      ...(['load', 'usable', 'stripe'] as const).map((m) => fixed(medians[waits][m])),
      ...(['load', 'usable', 'stripe'] as const).map((m) => fixed(medians[now][m])),
      fixed(cost.usableMs),
      fixed(cost.stripeMs),
      fixed(cost.ratio, 2),
    ];
    return `${label.padEnd(26)}${cells.map((c, i) => pad(c, widths[i])).join('')}`;
  };
  return [
    `Waiting for the page's load (the kit runs the remote's scripts after it, at most ${LOAD_WAIT_MS} ms after it first asks):`,
    `${''.padEnd(26)}${pad('waits for load', 22)}${pad('does not wait', 24)}`,
    `${'page'.padEnd(26)}${head.map((h, i) => pad(h, widths[i])).join('')}`,
    row('own resources fast', 'federated', 'now', costs.fast),
    row(`a resource of ${SLOW_RESOURCE_MS} ms`, 'slow', 'slowNow', costs.slow),
    `(ready: Stripe.js ready; load –: not fired before Stripe.js was ready)`,
  ];
}
