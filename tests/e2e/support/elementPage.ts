// The no-bundler page of `<checkout-button>` (tests/e2e/hosts/element, served by the host example's
// server, so the remote is another origin), opened with routes set before it loads, and the
// element's DOM events recorded in node as they happen (they survive the page leaving for Checkout).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { e2e, type HostPage, type OpenOptions } from './harness';

export interface ElementEventRecord {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
  cancelable: boolean;
  defaultPrevented: boolean;
}

export const ELEMENT_EVENTS = ['checkout-state', 'checkout-error', 'checkout-event', 'checkout-redirect', 'checkout-complete'];

function recordElementEvents(types: string[]): void {
  const report = (window as unknown as { __elementEvent?: (record: unknown) => void }).__elementEvent;
  for (const type of types) {
    // On the document: the events bubble out of the element and its shadow root; listeners on the element ran first.
    document.addEventListener(type, (event) => {
      const { detail } = event as CustomEvent;
      const record = {
        type,
        detail: JSON.parse(JSON.stringify(detail ?? null)),
        bubbles: event.bubbles,
        composed: event.composed,
        cancelable: event.cancelable,
        defaultPrevented: event.defaultPrevented,
      };
      report?.(record);
    });
  }
}

export interface ElementPage {
  host: HostPage;
  events: ElementEventRecord[];
}

export interface ElementPageOptions {
  /** A file of tests/e2e/hosts/element; default its index.html, the recipe. */
  file?: string;
  /** The origin its script tag loads the remote from; default the served remote. */
  remote?: string;
  csp?: string;
  /** Runs before the page is requested (routes for the remote's files, init scripts). */
  before?: (host: HostPage) => Promise<unknown>;
  /** Wait for the button (default true). */
  waitForButton?: boolean;
}

export async function openElementPage(
  open: (options?: OpenOptions) => Promise<HostPage>,
  options: ElementPageOptions = {},
): Promise<ElementPage> {
  const host = await open({ url: 'about:blank', waitForButtons: 0 });
  const events: ElementEventRecord[] = [];
  await host.context.exposeBinding('__elementEvent', (_source, record: ElementEventRecord) => void events.push(record));
  await host.context.addInitScript(recordElementEvents, ELEMENT_EVENTS);
  await options.before?.(host);
  const query = new URLSearchParams({ remote: options.remote ?? e2e.remoteUrl! });
  if (options.csp) query.set('csp', options.csp);
  await host.page.goto(`${e2e.hostUrl}/element/${options.file ?? ''}?${query}`, { waitUntil: 'domcontentloaded' });
  if (options.waitForButton ?? true) await host.waitForVisible(host.root(), 'the checkout button');
  return { host, events };
}

/** The remote's files a page requested, by path, in order. */
export function remoteFiles(host: HostPage, remote = e2e.remoteUrl!): string[] {
  return host.requests.filter((r) => r.url.startsWith(`${remote}/`)).map((r) => new URL(r.url).pathname.slice(1));
}

/** A built file's gzip -9 size: the build's own .gz when there is one. */
export function gzipBytes(file: string, dir = e2e.remoteDir!): number {
  const gz = path.join(dir, `${file}.gz`);
  return existsSync(gz) ? statSync(gz).size : gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
}

/** The events of one type, their details. */
export function details<T = Record<string, unknown>>(events: ElementEventRecord[], type: string): T[] {
  return events.filter((e) => e.type === type).map((e) => e.detail as T);
}
