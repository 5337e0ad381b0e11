// `<checkout-button>` pinned to one release (hosts/pinned/element.html): `integrity` on the one tag and
// an import map's `integrity` for the chunks it imports, filled in from the build's inventory, behind a
// CDN that changes one file. A changed file never runs and the page's own content stays.
import { e2e, e2eSuite, EXPECTED_BROWSER_NOISE, useBrowser, usePages, type HostPage } from './support/harness';
import { CONFIGURED_REMOTE_ORIGIN } from './support/env';
import { INVENTORY, ReleaseCdn, routePinnedPages, TAMPERED } from './support/releaseCdn';

const RELEASE = 'releases/0.1.0/';
const REFUSAL_NOISE = [...EXPECTED_BROWSER_NOISE, /Failed to find a valid digest in the 'integrity' attribute/, /<checkout-button> could not load/];

/** The page's placeholders, filled from the release's inventory as a host fills them from its copy. */
function fillFrom(site: ReleaseCdn, withChunkIntegrity = true) {
  const inventory = JSON.parse(site.files.get(`${RELEASE}${INVENTORY}`)!.toString()) as { files: Array<{ path: string; integrity: string }> };
  const integrity = new Map(inventory.files.map((file) => [file.path, file.integrity]));
  const chunks = Object.fromEntries(
    inventory.files.filter((file) => /^checkout-button\..+\.js$/.test(file.path)).map((file) => [`${CONFIGURED_REMOTE_ORIGIN}/${RELEASE}${file.path}`, file.integrity]),
  );
  return (html: string) =>
    html.replace('{"{checkout-button.*.js}": ""}', JSON.stringify(withChunkIntegrity ? chunks : {})).replace('{checkout-button.js}', integrity.get('checkout-button.js')!);
}

e2eSuite('<checkout-button> pinned by integrity, in Chromium', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  async function openElement(change?: (site: ReleaseCdn) => void, withChunkIntegrity = true): Promise<{ host: HostPage; site: ReleaseCdn }> {
    const site = new ReleaseCdn();
    await site.addRelease('0.1.0', e2e.remoteDir!);
    const fill = fillFrom(site, withChunkIntegrity); // from the untouched release, as the host copied it
    change?.(site);
    const host = await open({ url: 'about:blank', waitForButtons: 0 });
    await site.route(host.context);
    await routePinnedPages(host.context, e2e.hostUrl!, fill);
    await host.page.goto(`${e2e.hostUrl}/pinned/element.html`, { waitUntil: 'domcontentloaded' });
    return { host, site };
  }

  const tampered = (host: HostPage) => host.page.evaluate(() => (window as { __tampered?: boolean }).__tampered);
  const reports = (host: HostPage) => host.requests.filter((r) => r.url.endsWith('/monitoring/refused-script')).map((r) => JSON.parse(r.body ?? '{}') as { url: string });

  async function expectChildrenStay(host: HostPage): Promise<void> {
    await host.page.waitForLoadState('load');
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // what could still run has had its chance
    expect(await tampered(host)).toBeUndefined();
    expect(await host.page.locator('checkout-button').evaluate((element) => element.shadowRoot === null)).toBe(true);
    await expect(host.page.locator('checkout-button form.checkout-fallback').getByRole('button', { name: 'Pay 12.00 €' }).isVisible()).resolves.toBe(true);
    await host.expectNoPageErrors(REFUSAL_NOISE);
  }

  it('the untouched release: the tag and its chunks run with their integrity, and the button reaches Stripe Checkout', async () => {
    const { host } = await openElement();
    await host.waitForVisible(host.page.locator('checkout-button [data-checkout-state="resolved"]'), 'the element’s button, resolved');
    const button = host.page.locator('checkout-button [data-checkout-state]').getByRole('button', { name: 'Pay 12.00 €' });
    await button.click();
    await host.waitForCheckout();
    expect(reports(host)).toEqual([]);
  });

  it('the tag’s file changed: it never runs, the page’s own link stays, the failed script is reported', async () => {
    const { host } = await openElement((site) => site.change(`${RELEASE}checkout-button.js`, (body) => TAMPERED + body));
    await expectChildrenStay(host);
    expect(reports(host)).toEqual([expect.objectContaining({ url: `${CONFIGURED_REMOTE_ORIGIN}/${RELEASE}checkout-button.js` })]);
  });

  it('a chunk the tag imports changed: the import map’s integrity refuses it, it never runs, the page’s own link stays', async () => {
    const { host, site } = await openElement((site) => site.change(site.find(RELEASE, /^checkout-button\.element\./), (body) => TAMPERED + body));
    await expectChildrenStay(host);
    expect(site.asked).toContain(site.find(RELEASE, /^checkout-button\.element\./));
  });

  it('without the import map’s integrity the same changed chunk runs: the map is what refuses it', async () => {
    const { host } = await openElement((site) => site.change(site.find(RELEASE, /^checkout-button\.element\./), (body) => TAMPERED + body), false);
    await host.waitUntil(() => tampered(host), 'the changed chunk to run');
  });
});
