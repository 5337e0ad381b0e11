// The browser side of the e2e suites: one Chromium per test file, a fresh context per test, the host
// example opened with the configuration a scenario needs, js.stripe.com and checkout.stripe.com answered
// by Playwright routes, and everything a scenario asserts on recorded as it happens.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request, type Route } from 'playwright-core';
import type { HostEvent } from '../../../host-example/demo/recorder';
import type { JsonProps } from '../../../host-example/demo/options';
import { DIALOG_TEXTS } from '../../../src/i18n/texts/dialog';
import { en } from '../../../src/i18n/texts/en';
import { CLICK_TEXTS } from '../../../src/i18n/texts/click';
import { SCRIPT_FAILURE_TEXTS } from '../../../src/i18n/texts/scriptFailures';
import { STRIPE_JS_URL } from '../../../src/stripe/policy';
import { NO_STRIPE_GLOBAL, STRIPE_STAND_IN } from '../../../stand-ins/stripeJs';
import { CHROMIUM_ARGS } from '../../support/chromium';
import { loudBanner, readE2EEnv, type E2EEnv } from './env';
import { SESSION_LOG_PATH, SESSION_PATH, type ReceivedSession, type SessionStep } from './sessionEndpoint';

export const e2e: E2EEnv = readE2EEnv();

/** The URL the loader requests: the remote's own constant, so a version bump moves the tests with it. */
export const STRIPE_JS = STRIPE_JS_URL;
export const PUBLISHABLE_KEY = 'pk_test_e2eStandInKey';
export const BUTTON_LABEL = 'Pay 12.00 €';

/**
 * `describe` for a browser suite. Without Chromium: skipped with a loud message locally, one failing
 * test under CI=true (or when the set-up itself failed), with the reason.
 */
export function e2eSuite(name: string, body: () => void): void {
  // A project's `testTimeout` does not reach its tests: set it here for every browser suite. A bound
  // for failing only: a busy runner (load 40 on 2 cores) takes several times a quiet one's seconds.
  jest.setTimeout(60_000);
  if (e2e.available) {
    describe(name, body);
    return;
  }
  if (e2e.skip) {
    console.warn(loudBanner([`SKIPPED (real browser): ${name}`, e2e.reason ?? '']));
    describe.skip(name, body);
    return;
  }
  describe(name, () => {
    it('needs a working real-browser set-up', () => {
      throw new Error(`${e2e.reason ?? 'the e2e environment is unavailable'}${process.env.CI === 'true' ? ' [CI=true]' : ''}`);
    });
  });
}

/**
 * The run's Chromium (the set-up's, connected to) for the whole test file; its own when the set-up
 * started none. Closing a connection closes the contexts it opened.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = e2e.browserWsEndpoint
      ? await chromium.connect(e2e.browserWsEndpoint)
      : await chromium.launch({ executablePath: e2e.chromium, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not started');
    return browser;
  };
}

// ---------------------------------------------------------------------------------------------
// Stand-ins for Stripe.js

/** How the stand-in js.stripe.com answers one request for Stripe.js. */
export type StripeStep =
  | 'ok' // the stand-in Stripe.js
  | 'abort' // network error
  | 'hang' // never answers
  | 'held' // answers as 'ok' once the test calls releaseStripe(): pending for exactly as long as the test needs
  | 'no-global' // a script that runs but defines no window.Stripe
  | { delayMs: number; then: 'ok' | 'abort' | 'no-global' };

import { setTimeout as sleep } from 'node:timers/promises';

async function answerStripe(route: Route, step: StripeStep, released: Promise<void>): Promise<void> {
  if (step === 'hang') return; // the request stays pending until the context closes
  if (step === 'held') {
    await released;
    step = 'ok';
  }
  if (typeof step === 'object') {
    await sleep(step.delayMs);
    step = step.then;
  }
  if (step === 'abort') return route.abort('connectionfailed');
  const body = step === 'ok' ? STRIPE_STAND_IN : NO_STRIPE_GLOBAL;
  return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body });
}

// ---------------------------------------------------------------------------------------------
// What the page records about itself (installed before any of its scripts runs)

export interface TagLogEntry {
  t: number;
  kind: 'insert' | 'remove' | 'state';
  value?: string;
}

interface PageProbe {
  __stripeTags: { inserted: number; log: TagLogEntry[] };
  __stripeExecutions?: number;
  __stripeInstances?: number;
  __rejections: string[];
  __windowErrors: string[];
  __cspViolations: Array<{ blockedURI: string; directive: string }>;
  __events: HostEvent[];
  __unmount: () => void;
}

function installProbe(): void {
  const w = window as unknown as PageProbe;
  w.__stripeTags = { inserted: 0, log: [] };
  w.__rejections = [];
  w.__windowErrors = [];
  w.__cspViolations = [];
  // Reported to node as they happen, so a page that has since navigated away still tells.
  const report = (kind: string, text: string) =>
    (w as unknown as { __e2eReport?: (k: string, t: string) => void }).__e2eReport?.(kind, text);
  addEventListener('unhandledrejection', (e) => {
    const r = e.reason as { stack?: string; message?: string } | undefined;
    const text = r?.stack ?? r?.message ?? String(e.reason);
    w.__rejections.push(text);
    report('rejection', text);
  });
  addEventListener('error', (e) => {
    w.__windowErrors.push(String(e.message));
    report('error', String(e.message));
  });
  document.addEventListener('securitypolicyviolation', (e) =>
    w.__cspViolations.push({ blockedURI: e.blockedURI, directive: e.effectiveDirective }),
  );
  const isStripe = (n: Node) => n instanceof HTMLScriptElement && n.src.startsWith('https://js.stripe.com/');
  new MutationObserver((records) => {
    const t = Math.round(performance.now());
    for (const r of records) {
      if (r.type === 'attributes' && isStripe(r.target)) {
        w.__stripeTags.log.push({ t, kind: 'state', value: (r.target as Element).getAttribute('data-loading-state') ?? '' });
      }
      r.addedNodes.forEach((n) => {
        if (!isStripe(n)) return;
        w.__stripeTags.inserted++;
        w.__stripeTags.log.push({ t, kind: 'insert', value: (n as Element).getAttribute('data-loading-state') ?? '' });
      });
      r.removedNodes.forEach((n) => isStripe(n) && w.__stripeTags.log.push({ t, kind: 'remove' }));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-loading-state'] });
}

// ---------------------------------------------------------------------------------------------
// A page's own Stripe.js: a tag in its HTML, or @stripe/stripe-js in its bundle

/** Stripe's other scripts a page may load (`pageOtherStripeScripts`): never Stripe.js. */
export const OTHER_STRIPE_SCRIPTS = {
  /** Never answered: still loading for the whole test. */
  pricingTable: 'https://js.stripe.com/v3/pricing-table.js',
  /** Answered at once; it defines no window.Stripe (sets `window.__buyButtonRan`). */
  buyButton: 'https://js.stripe.com/v3/buy-button.js',
};

function pageStripeTagScript(sources: string[] = [STRIPE_JS], id = 'page-own-stripe-js'): string {
  // An init script runs before the HTML is parsed: the tags go in as soon as there is a <head>.
  return `(() => {
    const add = () => {
      for (const src of ${JSON.stringify(sources)}) {
        const tag = document.createElement('script');
        tag.src = src;
        tag.async = true;
        if (src === ${JSON.stringify(STRIPE_JS)}) tag.id = ${JSON.stringify(id)};
        document.head.appendChild(tag);
      }
    };
    if (document.head) add();
    else new MutationObserver((_, observer) => {
      if (!document.head) return;
      observer.disconnect();
      add();
    }).observe(document, { childList: true, subtree: true });
  })();`;
}

function hostStripeJsScript(): string {
  const code = readFileSync(require.resolve('@stripe/stripe-js/dist/pure.js'), 'utf8');
  return `(() => { const module = { exports: {} }; const exports = module.exports;\n${code}\nwindow.__hostStripeJs = module.exports; })();`;
}

// ---------------------------------------------------------------------------------------------
// The host example's page

export interface SessionBehaviour {
  /** Answers in order, the last one repeating. Default ['ok']. */
  seq?: SessionStep[];
  /** ms before each answer. */
  delay?: number;
}

export interface OpenOptions {
  /** CheckoutButton props over the demo's (`?props=`). */
  props?: Partial<JsonProps>;
  session?: SessionBehaviour;
  /** How many checkout slots on the page (`?buttons=`); default 1. The page runs under StrictMode. */
  buttons?: number;
  /** A Content-Security-Policy for the host page; `{nonce}` is replaced by a fresh nonce per response. */
  csp?: string;
  /** Stripe.js answers, one per request, the last one repeating. Default 'ok'. */
  stripe?: StripeStep | StripeStep[];
  /** Manifest URL to register; default the served remote's. */
  manifestUrl?: string;
  /** A page to open as it is, instead of the host example configured by the options above. */
  url?: string;
  /** Hand the props to the page through an init script (`window.__hostProps`), not the URL (keeps a secret off the wire). */
  propsOffTheWire?: boolean;
  /** The browser's language (navigator.languages, Accept-Language); Playwright's default otherwise. */
  locale?: string;
  /** Viewport width in CSS px (height `height`, else 800); Playwright's default 1280×720 otherwise. */
  width?: number;
  height?: number;
  /** Wait until this many checkout roots are in the page (default: `buttons`); 0 waits for nothing. */
  waitForButtons?: number;
  /** The page has its own Stripe.js tag, added as its HTML is parsed (before the remote loads). */
  pageStripeTag?: boolean;
  /** The page loads Stripe's pricing table (never answers) and buy button (answers): `OTHER_STRIPE_SCRIPTS`. */
  pageOtherStripeScripts?: boolean;
  /**
   * The host bundles `@stripe/stripe-js` itself: `window.__hostStripeJs.loadStripe` is the library's
   * own `loadStripe` (its `pure` entry, which injects nothing until called).
   */
  hostStripeJs?: boolean;
  /** Code of the page's own that runs before any of its scripts (e.g. a Trusted Types default policy). */
  initScript?: string;
  /** The page's clock is Playwright's from the start (`context.clock`): a test can run it forward. */
  installClock?: boolean;
  /** false: a browser that runs no script (`javaScriptEnabled: false`); its pages must pay through forms. */
  javaScriptEnabled?: boolean;
  /** Routes of the test's own, tried before the page's (e.g. a remote file refused). */
  routes?: (context: BrowserContext) => Promise<unknown>;
}

async function forwardToStripeApi(route: Route, standInUrl: string): Promise<void> {
  const request = route.request();
  const { pathname, search } = new URL(request.url());
  const res = await fetch(`${standInUrl}${pathname}${search}`, {
    method: request.method(),
    headers: { 'Content-Type': (await request.headerValue('content-type')) ?? 'application/x-www-form-urlencoded' },
    body: request.postData() ?? undefined,
  }).catch(() => null);
  if (!res) return route.abort('connectionrefused');
  await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
}

export const EXPECTED_BROWSER_NOISE = [
  // Chromium's own console lines for failed subresources and CSP blocks: expected in failure scenarios.
  /^Failed to load resource: /,
  /^Refused to load the script 'https:\/\/js\.stripe\.com\//,
  /^Loading the script 'https:\/\/js\.stripe\.com\/[^']*' violates the following Content Security Policy directive/,
];

export class HostPage {
  readonly stripeRequests: string[] = [];
  readonly sessionRequests: Request[] = [];
  readonly checkoutNavigations: string[] = [];
  readonly requests: Array<{ url: string; method: string; headers: Record<string, string>; body: string | null }> = [];
  readonly responses: Array<{ url: string; status: number; headers: Record<string, string> }> = [];
  readonly pageErrors: string[] = [];
  /** From the page's own `unhandledrejection` and `error` listeners. */
  readonly rejections: string[] = [];
  readonly windowErrors: string[] = [];
  readonly console: Array<{ type: string; text: string }> = [];
  /** alert/confirm/prompt dialogs the page opened (dismissed at once): a `javascript:` URL would show here. */
  readonly dialogs: string[] = [];
  readonly sessionKey = randomBytes(6).toString('hex');
  private stripeSteps: StripeStep[] = ['ok'];
  private url = '';

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(browser: Browser, options: OpenOptions = {}): Promise<HostPage> {
    const context = await browser.newContext({
      locale: options.locale,
      viewport: options.width ? { width: options.width, height: options.height ?? 800 } : undefined,
      javaScriptEnabled: options.javaScriptEnabled,
    });
    const page = await context.newPage();
    const host = new HostPage(context, page);
    await host.setUp(options);
    return host;
  }

  private async setUp(options: OpenOptions): Promise<void> {
    const { page, context } = this;
    this.setStripe(options.stripe ?? 'ok');
    page.on('pageerror', (error) => this.pageErrors.push(error.stack ?? error.message));
    page.on('console', (msg) => this.console.push({ type: msg.type(), text: msg.text() }));
    page.on('dialog', (dialog) => {
      this.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('response', (res) => this.responses.push({ url: res.url(), status: res.status(), headers: res.headers() }));
    page.on('request', (req) => {
      this.requests.push({ url: req.url(), method: req.method(), headers: req.headers(), body: req.postData() });
      if (new URL(req.url()).pathname === SESSION_PATH) this.sessionRequests.push(req);
    });
    await context.exposeBinding('__e2eReport', (_source, kind: string, text: string) => {
      (kind === 'rejection' ? this.rejections : this.windowErrors).push(text);
    });
    await context.addInitScript(installProbe);
    if (options.hostStripeJs) await context.addInitScript(hostStripeJsScript());
    if (options.pageStripeTag) await context.addInitScript(pageStripeTagScript());
    if (options.initScript) await context.addInitScript(options.initScript);
    if (options.installClock) await context.clock.install();
    // Nothing else may leave the machine: any other outside request fails (and is recorded above).
    // Registered first: Playwright tries the routes registered last first.
    await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort('blockedbyclient'));
    await context.route('https://js.stripe.com/**', async (route) => {
      this.stripeRequests.push(route.request().url());
      const step = this.stripeSteps[Math.min(this.stripeRequests.length - 1, this.stripeSteps.length - 1)];
      // A held answer released after the page closed has nobody to answer.
      await answerStripe(route, step, this.stripeReleased).catch((error: Error) => {
        if (!page.isClosed()) throw error;
      });
    });
    if (options.pageOtherStripeScripts) {
      await context.route(OTHER_STRIPE_SCRIPTS.pricingTable, () => undefined); // never answered
      await context.route(OTHER_STRIPE_SCRIPTS.buyButton, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: 'window.__buyButtonRan = true;',
        }),
      );
      await context.addInitScript(pageStripeTagScript(Object.values(OTHER_STRIPE_SCRIPTS)));
    }
    await context.route('https://checkout.stripe.com/**', async (route) => {
      if (route.request().isNavigationRequest()) this.checkoutNavigations.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="en"><title>Stripe Checkout (stand-in)</title><h1>Stripe Checkout stand-in</h1></html>',
      });
    });

    // Stripe's API as Stripe.js calls it (the stand-in's wallet confirm): the API stand-in answers.
    if (e2e.stripeApiUrl) await context.route('https://api.stripe.com/**', (route) => forwardToStripeApi(route, e2e.stripeApiUrl!));
    await options.routes?.(context);

    const session = options.session ?? {};
    const endpoint = new URLSearchParams({ key: this.sessionKey, seq: (session.seq ?? ['ok']).join(',') });
    if (session.delay) endpoint.set('delay', String(session.delay));
    const props: Partial<JsonProps> = {
      publishableKey: PUBLISHABLE_KEY,
      sessionEndpoint: `${SESSION_PATH}?${endpoint}`,
      ...options.props,
    };
    const query = new URLSearchParams({ remote: options.manifestUrl ?? e2e.manifestUrl! });
    if (options.propsOffTheWire) {
      await context.addInitScript((p) => {
        (window as unknown as { __hostProps: unknown }).__hostProps = p;
      }, props);
    } else {
      query.set('props', JSON.stringify(props));
    }
    if (options.buttons) query.set('buttons', String(options.buttons));
    if (options.csp) query.set('csp', options.csp);
    this.url = options.url ?? `${e2e.hostUrl}/?${query}`;
    // Stripe.js may never answer: do not wait for `load`.
    await page.goto(this.url, { waitUntil: 'domcontentloaded' });
    const wait = options.waitForButtons ?? options.buttons ?? 1;
    if (wait > 0)
      await page
        .locator('[data-checkout-state]')
        .nth(wait - 1)
        .waitFor({ timeout: 15_000 });
  }

  private releaseHeld!: () => void;
  private readonly stripeReleased = new Promise<void>((resolve) => (this.releaseHeld = resolve));

  /** Answers every 'held' request for Stripe.js, now and from now on. */
  releaseStripe(): void {
    this.releaseHeld();
  }

  /** Changes how js.stripe.com answers from the next request on (e.g. "the network is back"). */
  setStripe(steps: StripeStep | StripeStep[]): void {
    const list = Array.isArray(steps) ? steps : [steps];
    // Keep the index arithmetic simple: pad with what was already answered.
    this.stripeSteps = [...this.stripeRequests.map((): StripeStep => 'ok'), ...list];
  }

  get pageUrl(): string {
    return this.url;
  }

  root(i = 0): Locator {
    return this.page.locator('[data-checkout-state]').nth(i);
  }

  button(i = 0): Locator {
    return this.root(i).getByRole('button', { name: BUTTON_LABEL });
  }

  alert(i = 0): Locator {
    return this.root(i).getByRole('alert');
  }

  tryAgain(i = 0): Locator {
    return this.root(i).getByRole('button', { name: /try again/i });
  }

  async events(): Promise<HostEvent[]> {
    return this.page.evaluate(() => (window as unknown as PageProbe).__events ?? []);
  }

  /** The `onStateChange` calls of one button, as `state` or `state:code`. */
  async states(button = 0): Promise<string[]> {
    return (await this.events()).flatMap((e) =>
      e.kind === 'state' && e.button === button ? [e.code ? `${e.state}:${e.code}` : e.state] : [],
    );
  }

  async stateEvents(button = 0): Promise<Array<Extract<HostEvent, { kind: 'state' }>>> {
    return (await this.events()).filter((e): e is Extract<HostEvent, { kind: 'state' }> => e.kind === 'state' && e.button === button);
  }

  async errorCodes(button = 0): Promise<string[]> {
    return (await this.events()).flatMap((e) => (e.kind === 'error' && e.button === button ? [e.code] : []));
  }

  /** Waits until button `button` has reported `count` state changes, the last one being `state`. */
  async waitForStates(count: number, button = 0, timeout = 20_000): Promise<string[]> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const states = await this.states(button);
      if (states.length >= count) return states;
      if (Date.now() > deadline) throw new Error(`waited ${timeout} ms for ${count} state changes, got ${JSON.stringify(states)}`);
      await sleep(50);
    }
  }

  /** Polls from node (works under any CSP, unlike in-page polling helpers). */
  async waitUntil<T>(fn: () => T | Promise<T>, what: string, timeout = 20_000): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await fn();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
      await sleep(50);
    }
  }

  async tags(): Promise<{ inserted: number; inPage: number; executions: number; instances: number; log: TagLogEntry[] }> {
    return this.page.evaluate(() => {
      const w = window as unknown as PageProbe;
      return {
        inserted: w.__stripeTags.inserted,
        inPage: document.querySelectorAll('script[src^="https://js.stripe.com/"]').length,
        executions: w.__stripeExecutions ?? 0,
        instances: w.__stripeInstances ?? 0,
        log: w.__stripeTags.log,
      };
    });
  }

  async cspViolations(): Promise<Array<{ blockedURI: string; directive: string }>> {
    return this.page.evaluate(() => (window as unknown as PageProbe).__cspViolations);
  }

  /** What the session endpoint received for this page (server side). */
  async sessionLog(): Promise<ReceivedSession[]> {
    const res = await fetch(`${e2e.hostUrl}${SESSION_LOG_PATH}?key=${this.sessionKey}`);
    return (await res.json()) as ReceivedSession[];
  }

  async unmount(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as PageProbe).__unmount());
  }

  /** Waits for the one navigation to Stripe Checkout, and for the page to be there. */
  async waitForCheckout(): Promise<void> {
    await this.waitUntil(() => this.checkoutNavigations.length > 0, 'the navigation to Stripe Checkout');
    await this.page.waitForURL((url) => url.href.startsWith('https://checkout.stripe.com/'));
  }

  /** What the page looked like, for a failure message: its text, its last console lines and requests. */
  async diagnose(): Promise<string> {
    const text = await this.page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((error: unknown) => `(no page text: ${String(error)})`);
    return [
      `page ${this.page.url()}`,
      `text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
      'console:',
      ...this.console.slice(-15).map((m) => `  ${m.type}: ${m.text.slice(0, 300)}`),
      'requests:',
      ...this.requests.slice(-20).map((r) => `  ${r.method} ${r.url}`),
      `page errors: ${JSON.stringify(this.pageErrors)}`,
    ].join('\n');
  }

  /** `locator.waitFor`, failing with what the page looked like. */
  async waitForVisible(locator: Locator, what: string, timeout = 15_000): Promise<void> {
    try {
      await locator.waitFor({ timeout });
    } catch (error) {
      throw new Error(`${what} did not appear within ${timeout} ms.\n${await this.diagnose()}\n${String(error)}`, { cause: error });
    }
  }

  /**
   * Once the page has run what it had queued: a frame and two tasks, so promise chains, React's
   * scheduled renders and zero-delay timers are done. An absence ("nothing was sent") is checked
   * after this, not after a sleep that a busy machine outlasts or undercuts.
   */
  async settled(): Promise<void> {
    await this.page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(() => resolve(), 0), 0))),
    );
  }

  /** Still on the host page: no navigation to Checkout (nor anywhere else), no dialog. */
  expectNoNavigation(): void {
    expect(this.checkoutNavigations).toEqual([]);
    expect(this.page.url()).toBe(this.url);
    expect(this.dialogs).toEqual([]);
  }

  /** The host events recorded after `window.__unmount()`. */
  async eventsAfterUnmount(): Promise<HostEvent[]> {
    const events = await this.events();
    const at = events.findIndex((e) => e.kind === 'unmounted');
    if (at < 0) throw new Error('the page was not unmounted');
    return events.slice(at + 1);
  }

  consoleErrors(): string[] {
    return this.console.filter((m) => m.type === 'error').map((m) => m.text);
  }

  /**
   * No uncaught error, no unhandled rejection (page listener and Playwright's pageerror, which also
   * sees those muted for cross-origin chunks), and no console error but Chromium's own lines for
   * the failures a scenario causes on purpose.
   */
  async expectNoPageErrors(allowedConsole: RegExp[] = EXPECTED_BROWSER_NOISE): Promise<void> {
    await sleep(50); // let the last reports from the page arrive
    expect(this.pageErrors).toEqual([]);
    expect(this.rejections).toEqual([]);
    expect(this.windowErrors).toEqual([]);
    expect(this.consoleErrors().filter((text) => !allowedConsole.some((re) => re.test(text)))).toEqual([]);
  }

  /**
   * The page back on `about:blank`, its context's cookies gone and everything recorded forgotten: a
   * context used again for another scenario (opening one costs a renderer's start). js.stripe.com
   * then answers `stripe`, as `OpenOptions.stripe`.
   */
  async reset(stripe: StripeStep | StripeStep[] = 'ok'): Promise<void> {
    await this.page.goto('about:blank');
    await this.context.clearCookies();
    for (const list of [
      this.stripeRequests,
      this.sessionRequests,
      this.checkoutNavigations,
      this.requests,
      this.responses,
      this.pageErrors,
      this.rejections,
      this.windowErrors,
      this.console,
      this.dialogs,
    ])
      list.length = 0;
    this.setStripe(stripe);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** Opens pages and closes whatever a test left open, pass or fail. */
/** Opens a page of the host example (or `about:blank`) in a fresh context, closed after the test. */
export type OpenPage = (options?: OpenOptions) => Promise<HostPage>;

export function usePages(getBrowser: () => Browser): OpenPage {
  const open: HostPage[] = [];
  const closeAll = async () => {
    await Promise.all(open.splice(0).map((p) => p.close().catch(() => undefined)));
  };
  afterEach(closeAll);
  // jest runs no afterEach for `it.concurrent` tests: what they opened closes once the file is done.
  afterAll(closeAll);
  return async (options) => {
    const page = await HostPage.open(getBrowser(), options);
    open.push(page);
    return page;
  };
}

// ---------------------------------------------------------------------------------------------
// The DOM contract, read in one go

export interface DomSnapshot {
  state: string | null;
  error: string | null;
  /** aria-busy of the checkout button. */
  busy: string | null;
  disabled: boolean;
  alert: string | null;
  tryAgain: boolean;
}

export async function domSnapshot(host: HostPage, i = 0): Promise<DomSnapshot> {
  return host.root(i).evaluate((root) => {
    const button = root.querySelector<HTMLButtonElement>('button.mfc-button');
    const retry = Array.from(root.querySelectorAll('button')).some((b) => /try again/i.test(b.textContent ?? ''));
    return {
      state: root.getAttribute('data-checkout-state'),
      error: root.getAttribute('data-checkout-error'),
      busy: button?.getAttribute('aria-busy') ?? null,
      disabled: !!button?.disabled,
      alert: root.querySelector('[role="alert"]')?.textContent ?? null,
      tryAgain: retry,
    };
  });
}

/**
 * Waits (up to `timeout`, a failure deadline as long as the other waits': a busy runner's renders take
 * seconds) for the DOM to match `expected`, then asserts it, so a failure shows the diff.
 */
export async function expectDom(host: HostPage, expected: Partial<DomSnapshot>, i = 0, timeout = 20_000): Promise<void> {
  const matches = (s: DomSnapshot) => Object.entries(expected).every(([k, v]) => s[k as keyof DomSnapshot] === v);
  const deadline = Date.now() + timeout;
  let snapshot = await domSnapshot(host, i);
  while (!matches(snapshot) && Date.now() < deadline) {
    await sleep(50);
    snapshot = await domSnapshot(host, i);
  }
  expect(snapshot).toMatchObject(expected);
}

/** The texts a person reads (the remote's defaults). */
/** Every built-in English text, the ones a click's chunks bring included. */
export const MESSAGES = { ...en, ...CLICK_TEXTS.en, ...DIALOG_TEXTS.en, ...SCRIPT_FAILURE_TEXTS.en };
