// A host page with an element `id="checkout"` (the most natural id for a checkout slot): Chromium's named
// access makes `window.checkout` that element, where the federation runtime looks for the remote's
// container. The host kit shadows it before the runtime looks, so the remote loads on its first attempt.
// The host example (production build), with one attempt: no retry can hide a failed first load.
import { BUTTON_LABEL, e2e, e2eSuite, useBrowser, usePages } from './support/harness';

/** The page's own element, in its body before any of the page's scripts could run. */
const CHECKOUT_ELEMENT = `new MutationObserver((_, observer) => {
  if (!document.body) return;
  observer.disconnect();
  const slot = document.createElement('div');
  slot.id = 'checkout';
  slot.textContent = 'the host’s checkout section';
  document.body.prepend(slot);
}).observe(document, { childList: true, subtree: true });`;

e2eSuite('a host page with an element id="checkout", in Chromium', () => {
  const browser = useBrowser();
  const open = usePages(browser);

  it('loads the remote on its first attempt, and leaves the element to the page', async () => {
    const query = new URLSearchParams({ remote: e2e.manifestUrl!, remoteAttempts: '1', remoteTimeoutMs: '5000' });
    const host = await open({ url: `${e2e.hostUrl}/?${query}`, initScript: CHECKOUT_ELEMENT, waitForButtons: 0 });
    // What the runtime saw as the container before the fix: the page's element, by named access.
    expect(await host.page.evaluate(() => document.getElementById('checkout')?.textContent)).toBe('the host’s checkout section');

    await host.waitForVisible(host.root(0).getByRole('button', { name: BUTTON_LABEL }), 'the remote’s button');

    expect((await host.events()).filter((event) => event.kind === 'remote')).toEqual([]);
    const entries = host.requests.filter((request) => new URL(request.url).pathname.endsWith('/remoteEntry.js'));
    expect(entries).toHaveLength(1);
    expect(await host.page.evaluate(() => document.getElementById('checkout')?.textContent)).toBe('the host’s checkout section');
    expect(host.pageErrors).toEqual([]);
  });
});
