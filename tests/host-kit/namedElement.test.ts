// A page element whose id is the remote's container global (`<div id="checkout">`): the browser's named
// access makes it `window.checkout`, which the federation runtime (the real one, here) took for the
// container and failed with RUNTIME-002 without requesting the entry. The kit's plugins shadow it.
import { init } from '@module-federation/runtime';
import { remoteTimeouts, startCheckout, verifiedRelease as verifiedReleasePlugin } from '@checkout/host-kit';
import remoteTimeout from '@checkout/host-kit/remoteTimeout';
import verifiedRelease from '@checkout/host-kit/verifiedRelease';

const ENTRY = 'https://cdn.example/checkout/remoteEntry.js';
const CheckoutButton = () => null;
const globals = window as unknown as Record<string, unknown>;

/** What the remote's entry does when it runs: `var checkout = <container>`. */
function serveEntries(): string[] {
  const requested: string[] = [];
  new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes]))
      if (node instanceof HTMLScriptElement && node.src.startsWith(ENTRY)) {
        requested.push(node.src);
        globals.checkout = { init: async () => {}, get: async () => () => ({ CheckoutButton }) };
        node.dispatchEvent(new Event('load'));
      }
  }).observe(document.head, { childList: true });
  return requested;
}

it('loads the remote on its first attempt although an element is `window.checkout`', async () => {
  document.body.innerHTML = '<div id="checkout"><form></form></div>';
  expect(globals.checkout).toBe(document.getElementById('checkout'));
  init({ name: 'host', remotes: [] });
  const requested = serveEntries();

  const load = startCheckout({ manifestUrl: ENTRY, attempts: 1, timeoutMs: 1_000, verify: 'off' });

  await expect(load()).resolves.toEqual({ CheckoutButton });
  expect(requested).toEqual([ENTRY]);
  expect(document.getElementById('checkout')).not.toBeNull(); // the host's element itself is untouched
});

const trust = { publisherKeys: ['BAAA'], minSequence: 0 };
it.each([
  ['remoteTimeout', () => remoteTimeout({ remote: 'shop' })],
  ['verifiedRelease', () => verifiedRelease({ remote: 'shop', trust })],
  ['remoteTimeouts', () => remoteTimeouts({ remote: 'shop' })],
  ['verifiedReleasePlugin', () => verifiedReleasePlugin({ remote: 'shop', trust, report: () => {} })],
])('the plugin %s shadows it too (runtimePlugins, init), just before the runtime looks for the container', async (name, plugin) => {
  const id = `shop-${name}`; // the manifest's global name for the remote `shop`; one per test (a shadow stays)
  document.body.innerHTML = `<div id="${id}"></div>`;
  expect(globals[id]).toBe(document.getElementById(id));

  await plugin().loadEntry!({ remoteInfo: { name: 'shop', entry: ENTRY, entryGlobalName: id } } as never);

  expect(globals[id]).toBeUndefined();
  expect(document.getElementById(id)).not.toBeNull();
});
