// `<checkout-button>` pinned to one release (hosts/pinned/element.html): `integrity` on the one tag,
// filled in from the build's inventory (the chunks the tag adds carry the integrity it holds for them),
// behind a CDN that changes one file. A changed file never runs, the page's form stays, and the page
// reports the refused script.
import { e2e, type HostPage, type OpenPage } from '../support/harness';
import { CONFIGURED_REMOTE_ORIGIN } from '../support/env';
import { INVENTORY, ReleaseCdn, routePinnedPages } from '../support/releaseCdn';
import { REFUSAL_NOISE as INTEGRITY_NOISE, TAMPERED, tampered } from '../support/tampering';

const RELEASE = 'releases/0.1.0/';
const REFUSAL_NOISE = [...INTEGRITY_NOISE, /<checkout-button> could not load/];

/** The page's placeholder, filled from the release's inventory as a host fills it from its copy; or the attribute left out. */
function fillFrom(site: ReleaseCdn, withIntegrity = true) {
  const inventory = JSON.parse(site.files.get(`${RELEASE}${INVENTORY}`)!.toString()) as {
    files: Array<{ path: string; integrity: string }>;
  };
  const integrity = inventory.files.find((file) => file.path === 'checkout-button.js')!.integrity;
  return (html: string) =>
    withIntegrity ? html.replace('{checkout-button.js}', integrity) : html.replace(' integrity="{checkout-button.js}"', '');
}

export function describePinnedElement(open: OpenPage): void {
  describe('<checkout-button> pinned by integrity, in Chromium', () => {
    async function openElement(
      change?: (site: ReleaseCdn) => void,
      withIntegrity = true,
      page = 'element.html',
    ): Promise<{ host: HostPage; site: ReleaseCdn }> {
      const site = new ReleaseCdn();
      await site.addRelease('0.1.0', e2e.remoteDir!);
      const fill = fillFrom(site, withIntegrity); // from the untouched release, as the host copied it
      change?.(site);
      const host = await open({ url: 'about:blank', waitForButtons: 0 });
      await site.route(host.context);
      await routePinnedPages(host.context, e2e.hostUrl!, fill);
      await host.page.goto(`${e2e.hostUrl}/pinned/${page}`, { waitUntil: 'domcontentloaded' });
      return { host, site };
    }

    const reports = (host: HostPage) =>
      host.requests.filter((r) => r.url.endsWith('/monitoring/refused-script')).map((r) => JSON.parse(r.body ?? '{}') as { url: string });

    async function expectChildrenStay(host: HostPage): Promise<void> {
      await host.page.waitForLoadState('load');
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // what could still run has had its chance
      expect(await tampered(host)).toBe(false);
      expect(await host.page.locator('checkout-button').evaluate((element) => element.shadowRoot === null)).toBe(true);
      await expect(
        host.page.locator('checkout-button form.checkout-fallback').getByRole('button', { name: 'Pay 12.00 €' }).isVisible(),
      ).resolves.toBe(true);
      await host.expectNoPageErrors(REFUSAL_NOISE);
    }

    it.concurrent(
      'the untouched release: the tag and its chunks run with their integrity, and the button reaches Stripe Checkout',
      async () => {
        const { host } = await openElement();
        await host.waitForVisible(host.page.locator('checkout-button [data-checkout-state="resolved"]'), 'the element’s button, resolved');
        const button = host.page.locator('checkout-button [data-checkout-state]').getByRole('button', { name: 'Pay 12.00 €' });
        await button.click();
        await host.waitForCheckout();
        expect(reports(host)).toEqual([]);
      },
    );

    it.concurrent('the tag’s file changed: it never runs, the page’s form stays, the failed script is reported', async () => {
      const { host } = await openElement((site) => site.change(`${RELEASE}checkout-button.js`, (body) => TAMPERED + body));
      await expectChildrenStay(host);
      expect(reports(host)).toEqual([expect.objectContaining({ url: `${CONFIGURED_REMOTE_ORIGIN}/${RELEASE}checkout-button.js` })]);
    });

    it.concurrent(
      'a chunk the tag adds changed: the integrity the tag holds for it refuses it, it never runs, the page’s form stays, the failed script is reported',
      async () => {
        const { host, site } = await openElement((site) =>
          site.change(site.find(RELEASE, /^checkout-button\.element\./), (body) => TAMPERED + body),
        );
        const chunk = site.find(RELEASE, /^checkout-button\.element\./);
        await expectChildrenStay(host);
        expect(site.asked).toContain(chunk);
        expect(reports(host)).toEqual([expect.objectContaining({ url: `${CONFIGURED_REMOTE_ORIGIN}/${chunk}` })]);
      },
    );

    it.concurrent(
      'the integrity given to the loader while the page preloads the file without it: the changed tag never runs, the form stays, the refusal is reported',
      async () => {
        const { host } = await openElement(
          (site) => site.change(`${RELEASE}checkout-button.js`, (body) => TAMPERED + body),
          true,
          'preloaded.html',
        );
        await host.waitUntil(() => reports(host).length > 0, 'the refusal reported');
        await expectChildrenStay(host);
        expect(reports(host)).toEqual([{ reason: 'preload-unchecked', url: `${CONFIGURED_REMOTE_ORIGIN}/${RELEASE}checkout-button.js` }]);
        expect(host.console.map((m) => m.text)).toContainEqual(
          expect.stringMatching(/preloaded by the page's <link rel="modulepreload"> with no integrity/),
        );
      },
    );

    it.concurrent('without integrity on the tag, the same changed tag runs: the attribute is what refuses it', async () => {
      const { host } = await openElement((site) => site.change(`${RELEASE}checkout-button.js`, (body) => TAMPERED + body), false);
      await host.waitUntil(() => tampered(host), 'the changed tag to run');
    });
  });
}
