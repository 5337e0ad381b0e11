// The remote's manifest or entry down (404, 500, never answering, refusing connections) → the host
// example's slot keeps the form it showed while the remote loaded, the host hears why, and a click on
// the form pays (server/'s 303 to the API stand-in's hosted page). Against the production host
// example (host-example/, served as plain files, see support/serve.ts) and the production remote.
import type { Route } from 'playwright-core';
import { BUTTON_LABEL, e2e, type HostPage, type OpenPage } from '../support/harness';
import { expectFormPays } from '../support/formPayment';
import { answerDown, type Failure } from '../support/remoteDown';
/** The host example's own bound on each remote request (its `?remoteTimeoutMs=`). */
const REMOTE_TIMEOUT_MS = 1500;

type Target = 'manifest' | 'entry';

const FILE: Record<Target, string> = { manifest: 'mf-manifest.json', entry: 'remoteEntry.js' };

function hostExampleUrl(): string {
  const query = new URLSearchParams({
    remote: e2e.manifestUrl!,
    remoteAttempts: '1',
    remoteTimeoutMs: String(REMOTE_TIMEOUT_MS),
    maxLoadAttempts: '1',
    loadTimeoutMs: '3000',
  });
  return `${e2e.hostUrl}/?${query}`;
}

/** Makes one of the remote's files fail; counts the requests for it. */
async function takeDown(host: HostPage, target: Target, failure: Failure): Promise<{ hits: () => number }> {
  // Whatever the query: a retry may ask for `remoteEntry.js?retry=n`, and a server that is down
  // answers that the same way.
  const url = new RegExp(`^${`${e2e.remoteUrl}/${FILE[target]}`.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}(\\?.*)?$`);
  let hits = 0;
  const handler = (route: Route) => {
    hits++;
    return answerDown(route, failure);
  };
  await host.context.route(url, handler);
  return { hits: () => hits };
}

/** The slot's form: what the page shows while the remote loads, and for good once it failed. */
const payForm = (host: HostPage) => host.page.locator('form.checkout-fallback').getByRole('button', { name: BUTTON_LABEL });

/** The host example's own report that the remote failed (its `onRemoteError`, recorded by the demo). */
async function remoteFailure(host: HostPage): Promise<string> {
  return host.waitUntil(
    async () => (await host.events()).find((e) => e.kind === 'remote')?.message ?? '',
    'the slot’s report of the failed remote',
  );
}

export function describeHostExample(open: OpenPage): void {
  describe('The remote down, in the host example: the form pays', () => {
    it('a remote refusing connections costs the button, not the payment: the page, its form, and a click on it lands on Stripe’s page', async () => {
      const host = await open({ url: 'about:blank', waitForButtons: 0 });
      const query = new URLSearchParams({ remote: 'down', remoteAttempts: '2', remoteTimeoutMs: String(REMOTE_TIMEOUT_MS) });
      await host.page.goto(`${e2e.hostUrl}/?${query}`, { waitUntil: 'domcontentloaded' });
      // The page renders at once, without waiting for the remote, with its form.
      await host.waitForVisible(host.page.getByRole('heading', { name: 'Your order' }), 'the page');
      await host.waitForVisible(payForm(host), 'the form');
      expect(await remoteFailure(host)).toMatch(/^The checkout remote is unavailable: /);
      expect(await host.page.getByRole('alert').count()).toBe(0); // nothing says "unavailable": the form pays
      expect(host.stripeRequests).toEqual([]);
      expect(host.pageErrors).toEqual([]);
      expect(await host.page.evaluate(() => (window as unknown as { __rejections: string[] }).__rejections)).toEqual([]);
      await expectFormPays(host, payForm(host), e2e.stripeApiUrl!);
    });

    const cases: Array<{ target: Target; failure: Failure }> = [
      { target: 'manifest', failure: 404 },
      { target: 'manifest', failure: 500 },
      { target: 'manifest', failure: 'hang' },
      { target: 'entry', failure: 404 },
      { target: 'entry', failure: 500 },
      { target: 'entry', failure: 'hang' },
    ];

    it.each(cases)(
      'the $target answering $failure → the form stays once the slot gave up, and a click on it pays',
      async ({ target, failure }) => {
        // The remote goes down before the page asks for it.
        const host = await open({ url: 'about:blank', waitForButtons: 0 });
        const down = await takeDown(host, target, failure);
        await host.page.goto(hostExampleUrl(), { waitUntil: 'domcontentloaded' });

        await host.waitForVisible(payForm(host), 'the form');
        await remoteFailure(host);
        expect(await payForm(host).isVisible()).toBe(true);
        expect(await host.page.locator('[data-checkout-state]').count()).toBe(0);
        expect(down.hits()).toBeGreaterThanOrEqual(1);
        expect(host.stripeRequests).toEqual([]); // nothing of the button ran
        expect(host.pageErrors).toEqual([]);
        await expectFormPays(host, payForm(host), e2e.stripeApiUrl!);
      },
    );
  });
}
