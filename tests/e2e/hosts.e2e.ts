// Issue 5: hosts on other stacks. A page with no React of its own drives `checkout/mount`; a
// React 18.3 host consumes `checkout/CheckoutButton` with its own React. Both against the
// production remote, Stripe.js answered by a stand-in.
import { CHECKOUT_URL_PREFIX } from './support/sessionEndpoint';
import { BUTTON_LABEL, e2e, e2eSuite, expectDom, useBrowser, usePages } from './support/harness';

type PlainWindow = {
  __plain: {
    states: string[];
    mount(label: string): Promise<void>;
    update(next: Record<string, unknown>): void;
    unmount(): void;
  };
};

e2eSuite('hosts on other stacks', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('a plain page without React mounts, updates, unmounts and mounts again through checkout/mount', async () => {
    const host = await open({ pageUrl: e2e.plainHostUrl! });
    const { page } = host;
    // The host has no React: the button renders with the remote's own, fetched from the remote.
    expect(await page.evaluate(() => 'React' in window)).toBe(false);
    await expectDom(host, { state: 'resolved', busy: 'false', disabled: false });
    await page.getByRole('button', { name: 'Pay now' }).waitFor();

    await page.evaluate(() => (window as unknown as PlainWindow).__plain.update({ children: 'Buy now', disabled: true }));
    const updated = page.getByRole('button', { name: 'Buy now' });
    await updated.waitFor();
    expect(await updated.isDisabled()).toBe(true);

    await page.evaluate(() => (window as unknown as PlainWindow).__plain.unmount());
    expect(await page.locator('#slot').innerHTML()).toBe('');

    await page.evaluate(() => (window as unknown as PlainWindow).__plain.mount('Pay again'));
    await page.getByRole('button', { name: 'Pay again' }).waitFor();
    await expectDom(host, { state: 'resolved', disabled: false });
    const tags = await host.tags();
    expect(tags).toMatchObject({ inPage: 1, executions: 1 }); // the page's one load survived the remount
    expect(await page.evaluate(() => (window as unknown as PlainWindow).__plain.states)).toEqual(['pending', 'resolved', 'resolved']);
    // Every script but the page's own and Stripe.js came from the remote's origin (React included).
    const scripts = host.requests.filter(
      (r) => r.url.endsWith('.js') && !r.url.startsWith(e2e.plainHostUrl!) && !r.url.startsWith('https://js.stripe.com/'),
    );
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((r) => !r.url.startsWith(e2e.remoteUrl!))).toEqual([]);
    await host.expectNoPageErrors();
  });

  it('a React 18.3 host shares its React with the button, reaches resolved and redirects', async () => {
    const host = await open({ pageUrl: e2e.react18HostUrl! });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    // One React on the page, the host's 18.3.1: the remote offers none, and only ./mount bundles one.
    type Manifest = { shared: Array<{ name: string; assets: { js: { sync: string[] } } }>; exposes: Array<{ path: string; assets: { js: { sync: string[] } } }> };
    const manifest = (await (await fetch(e2e.manifestUrl!)).json()) as Manifest;
    expect(manifest.shared.filter((s) => s.name.startsWith('react')).flatMap((s) => s.assets.js.sync)).toEqual([]);
    const mountFiles = manifest.exposes.find((e) => e.path === './mount')!.assets.js.sync;
    expect(mountFiles.length).toBeGreaterThan(1);
    expect(host.requests.filter((r) => mountFiles.some((file) => r.url.endsWith(`/${file}`)))).toEqual([]);
    const versions = await host.page.evaluate(() => {
      const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> } }).__FEDERATION__.__SHARE__;
      const loaded: string[] = [];
      for (const instance of Object.values(share))
        for (const scope of Object.values(instance))
          for (const [name, byVersion] of Object.entries(scope))
            for (const [version, entry] of Object.entries(byVersion)) if (entry.loaded && name.startsWith('react')) loaded.push(`${name}@${version}`);
      return loaded.sort();
    });
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((v) => v.endsWith('@18.3.1'))).toBe(true);

    await host.page.getByRole('button', { name: BUTTON_LABEL }).click();
    await host.waitUntil(() => host.checkoutNavigations.length === 1, 'the navigation to Checkout');
    expect(host.checkoutNavigations[0].startsWith(CHECKOUT_URL_PREFIX)).toBe(true);
    await host.expectNoPageErrors();
  });
});
