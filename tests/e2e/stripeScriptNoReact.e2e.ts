// `checkout/stripeScript` on a page with no React: the federation runtime alone (no bundler, no React
// shared), as a `./mount` host or a monitoring script has it. The page loads the module, subscribes
// to the checkout events and the script state, and starts the load: Stripe.js resolves, and every
// event reaches it. Only the hook needs React, and only when a component calls it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { e2e, e2eSuite, useBrowser, usePages } from './support/harness';

const ROOT = path.resolve(__dirname, '../..');

type Seen = { events: string[]; states: string[]; release?: { name: string }; hook?: string; loaded?: boolean; error?: string };

e2eSuite('checkout/stripeScript on a page with no React, through the federation runtime alone', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('loads, subscribes to the events and the state, and sees Stripe.js resolve', async () => {
    // The page from the host's server (hosts/element/no-react.html, the remote's origin put in); its
    // runtime files from this checkout's node_modules.
    const host = await open({ url: `${e2e.hostUrl}/element/empty.html?remote=${encodeURIComponent(e2e.remoteUrl!)}`, waitForButtons: 0 });
    await host.context.route(`${e2e.hostUrl}/element/vendor/**`, (route) => {
      const [, name, file] = /^\/element\/vendor\/([\w-]+)\/(.+)$/.exec(new URL(route.request().url()).pathname)!;
      const source = path.join(ROOT, 'node_modules/@module-federation', name, 'dist', path.normalize(file));
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(source) });
    });
    await host.page.goto(`${e2e.hostUrl}/element/no-react.html?remote=${encodeURIComponent(e2e.remoteUrl!)}`, {
      waitUntil: 'domcontentloaded',
    });
    const seen = () => host.page.evaluate(() => (window as unknown as { __noReact?: Seen }).__noReact);
    await host.waitUntil(async () => (await seen())?.loaded || (await seen())?.error, 'the module loaded (or its error)');
    const error = (await seen())?.error;
    if (error) throw new Error(`${error}\n${await host.diagnose()}`);
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
