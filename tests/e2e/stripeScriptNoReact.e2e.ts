// `checkout/stripeScript` on a page with no React: the federation runtime alone (no bundler, no React
// shared), as a `./mount` host or a monitoring script has it. The page loads the module, subscribes
// to the checkout events and the script state, and starts the load: Stripe.js resolves, and every
// event reaches it. Only the hook needs React, and only when a component calls it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { e2e, e2eSuite, useBrowser, usePages } from './support/harness';

const ROOT = path.resolve(__dirname, '../..');
const PAGE = path.join(__dirname, 'fixtures/no-react/index.html');

type Seen = { events: string[]; states: string[]; release?: { name: string }; hook?: string; loaded?: boolean; error?: string };

e2eSuite('checkout/stripeScript on a page with no React, through the federation runtime alone', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('loads, subscribes to the events and the state, and sees Stripe.js resolve', async () => {
    const host = await open({ url: `${e2e.hostUrl}/element/empty.html`, waitForButtons: 0 });
    const base = `${e2e.hostUrl}/no-react`;
    await host.context.route(`${base}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      const vendor = /^\/no-react\/vendor\/([\w-]+)\/(.+)$/.exec(pathname);
      if (vendor) {
        const file = path.join(ROOT, 'node_modules/@module-federation', vendor[1], 'dist', path.normalize(vendor[2]));
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
      }
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: readFileSync(PAGE) });
    });
    await host.page.goto(`${base}/index.html?remote=${encodeURIComponent(e2e.manifestUrl!)}`, { waitUntil: 'domcontentloaded' });
    const seen = () => host.page.evaluate(() => (window as unknown as { __noReact?: Seen }).__noReact);
    await host.waitUntil(async () => (await seen())?.loaded || (await seen())?.error, 'the module loaded (or its error)');
    expect((await seen())?.error).toBeUndefined();
    await host.waitUntil(async () => (await seen())?.states.includes('resolved'), 'Stripe.js resolved');
    const { events, states, release, hook } = (await seen())!;
    expect(states).toEqual(['pending', 'resolved']);
    expect(events).toEqual(['script_attempt', 'script_resolved']);
    expect(release?.name).toBeTruthy();
    expect(hook).toBe('function'); // there, for a React page: it needs React only when called
    expect(host.stripeRequests).toHaveLength(1);
    await host.expectNoPageErrors();
  });
});
