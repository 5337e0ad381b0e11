// The host example as a team copies it (host-example/src alone, `--env demo=off`) verifies the remote
// by default: behind a proxy that changes one file of the served release (the entry, the manifest to
// name another entry, the exposed chunk the runtime preloads), the changed code never runs, the page
// keeps its form that pays, and the refusal is reported. The untouched release reaches the button
// (integration.e2e.ts pays through it).
import { readdirSync } from 'node:fs';
import type { Route } from 'playwright-core';
import { CONFIGURED_REMOTE_ORIGIN } from '../support/env';
import { answerFromServedRemote } from '../support/servedRemote';
import { e2e, type HostPage, type OpenPage } from '../support/harness';
import { REFUSAL_NOISE as INTEGRITY_NOISE, TAMPERED, tampered } from '../support/tampering';

/** What the page logs for a refusal (host-example/src/checkoutRemote.ts's reportRefusal), and Chromium's lines for a refused file. */
const REFUSAL_NOISE = [...INTEGRITY_NOISE, /^checkout: refused /, /The resource .* was preloaded using link preload but not used/];

export function describeVerifiedByDefault(open: OpenPage): void {
  describe('the host example verifies the remote by default: a changed byte never runs, in Chromium', () => {
    /** One file of the release as the proxy serves it: its text edited, or a file the release does not have. */
    type Change = { file: string; edit: (text: string) => string } | { file: string; body: string };

    /** The integration's page, its remote's origin answered by the served release with `changes` applied. */
    async function openWith(...changes: Change[]): Promise<HostPage> {
      const host = await open({ url: 'about:blank', waitForButtons: 0 });
      await host.context.route(`${CONFIGURED_REMOTE_ORIGIN}/**`, async (route: Route) => {
        const change = changes.find((c) => new URL(route.request().url()).pathname === `/${c.file}`);
        if (change && 'body' in change) {
          return route.fulfill({
            status: 200,
            contentType: 'text/javascript',
            headers: { 'Access-Control-Allow-Origin': '*' },
            body: change.body,
          });
        }
        return answerFromServedRemote(route, { rewrite: change?.edit });
      });
      await host.page.goto(`${e2e.integrationUrl!}/`, { waitUntil: 'domcontentloaded' });
      return host;
    }

    /** The page's refusal reports (its `report` callback's console lines). */
    const refusals = (host: HostPage) => host.console.filter((line) => line.text.startsWith('checkout: refused ')).map((line) => line.text);

    async function expectRefused(host: HostPage): Promise<void> {
      await host.waitUntil(async () => host.console.some((line) => line.text.startsWith('checkout: refused ')), 'the refusal reported');
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // what could still run has had its chance
      expect(await tampered(host)).toBe(false);
      expect(await host.page.locator('[data-checkout-state]').count()).toBe(0);
      await expect(host.page.locator('form.checkout-fallback').getByRole('button', { name: 'Pay 12.00 €' }).isVisible()).resolves.toBe(
        true,
      );
      await host.expectNoPageErrors(REFUSAL_NOISE);
    }

    it.concurrent(
      'remoteEntry.js changed: it never runs, the form stays, the refusal is reported once (a refusal is not retried)',
      async () => {
        const host = await openWith({ file: 'remoteEntry.js', edit: (text) => TAMPERED + text });
        await expectRefused(host);
        expect(refusals(host)).toEqual([expect.stringMatching(/\/remoteEntry\.js \(file-integrity\): /)]);
        expect(host.requests.filter((request) => new URL(request.url).pathname === '/mf-manifest.json')).toHaveLength(1);
      },
    );

    it.concurrent(
      'the manifest changed to name another entry: that entry is never asked for, the form stays, the refusal is reported',
      async () => {
        const host = await openWith(
          { file: 'evil.js', body: TAMPERED },
          { file: 'mf-manifest.json', edit: (text) => text.replace(/"name":\s*"remoteEntry\.js"/, '"name": "evil.js"') },
        );
        await expectRefused(host);
        expect(host.requests.some((request) => request.url.endsWith('/evil.js'))).toBe(false);
        expect(refusals(host)).toEqual([expect.stringMatching(/\/mf-manifest\.json \(file-integrity\): /)]);
      },
    );

    it.concurrent('the exposed chunk the runtime preloads changed: it never runs, the form stays, the refusal is reported', async () => {
      const chunk = readdirSync(e2e.remoteDir!).find((file) => /^__federation_expose_CheckoutButton\..*\.js$/.test(file));
      expect(chunk).toBeDefined();
      const host = await openWith({ file: chunk!, edit: (text) => TAMPERED + text });
      await expectRefused(host);
      expect(refusals(host)).toEqual([expect.stringContaining(`/${chunk} (file-integrity): `)]);
    });
  });
}
