// Neither a hanging remote nor a hanging Stripe.js holds the host page's `load` event. A server that
// accepts the connection and never answers: for the remote, a real one on a loopback port (the
// element recipe) or the remote's configured origin left unanswered (the host example's integration,
// a runtime host with the host kit); for js.stripe.com, its requests left unanswered. In each, `load`
// fires soon after the page's own last resource, the form that pays is there, and the
// failure is reported within the loaders' own bounds. Logs the times.
import net from 'node:net';
import { CONFIGURED_REMOTE_ORIGIN } from './support/env';
import { LOAD_WAIT_MS } from '@checkout/host-kit';
import { answerFromServedRemote } from './support/servedRemote';
import { openElementPage } from './support/elementPage';
import { e2e, e2eSuite, useBrowser, usePages, type HostPage } from './support/harness';

/**
 * `load` not held by what hangs: it fires before the kit's own 2 s wait for it (LOAD_WAIT_MS) would
 * have ended, let alone a request's bound. 100 to 300 ms on a quiet machine (the logged figures); the
 * bound is for failing, not a speed test (one second was broken by a busy runner).
 */
const AFTER_OWN_MS = (LOAD_WAIT_MS * 3) / 4;

interface LoadTiming {
  /** performance.now() of the `load` event, or null if it had not fired within the wait. */
  load: number | null;
  /** The end of the page's own last response (the document and its same-origin resources). */
  ownEnd: number;
}

/** Waits up to `waitMs` for `load`; what it fired at, against the page's own resources. */
async function loadTiming(host: HostPage, waitMs = 15_000): Promise<LoadTiming> {
  return host.page.evaluate(async (wait) => {
    const fired = () => performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const started = performance.now();
    while (!(fired()?.loadEventStart ?? 0) && performance.now() - started < wait) await new Promise((resolve) => setTimeout(resolve, 50));
    const nav = fired();
    const own = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => new URL(e.name).origin === location.origin,
    );
    return { load: nav?.loadEventStart || null, ownEnd: Math.max(nav?.responseEnd ?? 0, ...own.map((e) => e.responseEnd)) };
  }, waitMs);
}

function expectLoadSoonAfterOwn(timing: LoadTiming, what: string): void {
  process.stderr.write(
    `load event, ${what}: ${timing.load === null ? 'not fired' : `${Math.round(timing.load)} ms`} (own resources done at ${Math.round(timing.ownEnd)} ms)\n`,
  );
  expect(timing.load).not.toBeNull();
  expect(timing.load! - timing.ownEnd).toBeLessThan(AFTER_OWN_MS);
}

/** A server that accepts every connection and never answers. */
async function hangingServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

const formButton = (host: HostPage) => host.page.locator('form.checkout-fallback button[type="submit"]');

e2eSuite('a hanging remote or Stripe.js never holds the host page’s load event, in Chromium', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  let hanging: Awaited<ReturnType<typeof hangingServer>>;

  beforeAll(async () => {
    hanging = await hangingServer();
  });
  afterAll(() => hanging?.close());

  it('the element recipe, its remote accepting and never answering: load not held (soon after the page’s own resources), the form stays', async () => {
    const { host } = await openElementPage(open, { remote: hanging.origin, waitForButton: false });
    expectLoadSoonAfterOwn(await loadTiming(host), 'element recipe, remote hanging');
    await host.waitForVisible(formButton(host), 'the form that pays');
    // The tag was added after load, and is given up on within the kit's bound.
    const added = await host.page.evaluate(
      (src) => document.querySelectorAll(`script[src="${src}"]`).length,
      `${hanging.origin}/checkout-button.js`,
    );
    expect(added).toBe(1);
  });

  it('the element recipe, js.stripe.com accepting and never answering: load not held (soon after the page’s own resources), the button still shows', async () => {
    const { host } = await openElementPage(open, { before: async (page) => page.setStripe('hang') });
    expectLoadSoonAfterOwn(await loadTiming(host), 'element recipe, Stripe.js hanging');
  });

  /** The host example's integration (a runtime host on the host kit), its remote answered by `answer`. */
  async function openIntegration(answerRemote: boolean, stripeHangs: boolean): Promise<HostPage> {
    const host = await open({ url: 'about:blank', waitForButtons: 0 });
    if (stripeHangs) host.setStripe('hang');
    await host.context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, (route) => (answerRemote ? answerFromServedRemote(route) : undefined));
    await host.page.goto(`${e2e.integrationUrl!}/`, { waitUntil: 'domcontentloaded' });
    return host;
  }

  it('the host example’s integration (runtime), its remote never answering: load not held (soon after the page’s own resources), the form stays', async () => {
    const host = await openIntegration(false, false);
    expectLoadSoonAfterOwn(await loadTiming(host), 'host example integration, remote hanging');
    await host.waitForVisible(formButton(host), 'the form that pays');
  });

  it('the host example’s integration, js.stripe.com never answering: load not held (soon after the page’s own resources), the button shows', async () => {
    const host = await openIntegration(true, true);
    expectLoadSoonAfterOwn(await loadTiming(host), 'host example integration, Stripe.js hanging');
    await host.waitForVisible(host.button(), 'the checkout button');
  });

  it('what waiting for load costs the element recipe when everything answers: the element defined about as soon as with a tag in the HTML', async () => {
    // The recipe as it was (hosts/element/tag-in-html.html): the tag in the HTML, which holds `load`.
    const definedAt = async (which: 'before' | 'after'): Promise<number> => {
      const host = await open({ url: 'about:blank', waitForButtons: 0 });
      await host.context.addInitScript(() => {
        void customElements
          .whenDefined('checkout-button')
          .then(() => ((window as { __definedAt?: number }).__definedAt = performance.now()));
      });
      await host.page.goto(
        `${e2e.hostUrl}/element/${which === 'before' ? 'tag-in-html.html' : ''}?remote=${encodeURIComponent(e2e.remoteUrl!)}`,
        { waitUntil: 'domcontentloaded' },
      );
      await host
        .waitUntil(
          () => host.page.evaluate(() => (window as { __definedAt?: number }).__definedAt !== undefined),
          '<checkout-button> defined',
        )
        .catch(async (error: Error) => {
          throw new Error(`${which}: ${error.message}\n${await host.diagnose()}`);
        });
      const at = await host.page.evaluate(() => (window as { __definedAt?: number }).__definedAt!);
      await host.page.close();
      return at;
    };
    const samples: Record<'before' | 'after', number[]> = { before: [], after: [] };
    for (let round = 0; round < 5; round++)
      for (const which of round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const))
        samples[which].push(await definedAt(which));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    process.stderr.write(
      `element defined (median of 5, ms): tag in the HTML ${median(samples.before).toFixed(0)}, preload then tag after load ${median(samples.after).toFixed(0)}\n`,
    );
    // What the wait costs is the logged figure (docs/performance.md: 54 ms alone, 268 ms beside the unit
    // suites; speed is the bench's). The bound only fails an element released by neither its preload nor
    // `load` but later than the kit's own 2 s bound (LOAD_WAIT_MS) could explain, even on a busy machine
    // (2.1 s seen at load 30).
    expect(median(samples.after) - median(samples.before)).toBeLessThan(LOAD_WAIT_MS * 3);
  }, 120_000);
});
