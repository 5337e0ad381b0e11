/**
 * @jest-environment node
 */
// Node's WebCrypto and Response (jsdom has neither), with a jsdom document for the elements the hooks create.
import { JSDOM } from 'jsdom';
import type { ReleaseRefused, ReleaseTrust } from '@checkout/host-kit';
import { verifiedRelease } from '@checkout/host-kit';
import { DIAGNOSIS_WAIT_MS } from '@checkout/host-kit/release/verifiedRelease';
import { integrityOf, inventoryOf, manifestOf, publisherKeys, siteFetch, type Files } from './releaseFixture';

const { window } = new JSDOM('');
Object.assign(globalThis, { document: window.document });

const CDN = 'https://cdn.example/checkout/';
const RELEASE = `${CDN}releases/0.1.0/`;
const REMOTE = { name: 'checkout' };

type Hooks = {
  fetch: (url: string, init: object, remote: object) => Promise<Response> | undefined;
  createScript: (args: object) => HTMLScriptElement | undefined;
  createLink: (args: object) => HTMLLinkElement | undefined;
  beforeGetExpose: (args: object) => Promise<void>;
  afterLoadEntry: (args: object) => Promise<void>;
};

async function release(files: Files, extra: Record<string, string> = {}) {
  const publisher = await publisherKeys();
  const inventory = inventoryOf(files, { keyId: publisher.keyId });
  const site: Record<string, string> = {
    [`${RELEASE}release-inventory.json`]: inventory,
    [`${RELEASE}release-inventory.json.sig`]: await publisher.sign(new TextEncoder().encode(inventory)),
  };
  for (const [path, body] of Object.entries(files)) site[RELEASE + path] = body;
  Object.assign(site, extra);
  return { publisher, inventory, site };
}

// Each script the plugin made: it waits for its `load` or `error`; those a test leaves unsettled load after it.
const scripts: HTMLScriptElement[] = [];
afterEach(() => scripts.splice(0).forEach((script) => script.dispatchEvent(new window.Event('load'))));

function plugin(trust: ReleaseTrust, site: Record<string, string>) {
  const reports: ReleaseRefused[] = [];
  const { get, asked } = siteFetch(site);
  const hooks = verifiedRelease({ remote: 'checkout', trust, report: (r) => reports.push(r), fetch: get }) as unknown as Hooks;
  const createScript = hooks.createScript;
  hooks.createScript = (args) => {
    const script = createScript(args);
    if (script) scripts.push(script);
    return script;
  };
  return { hooks, reports, asked };
}

const FILES: Files = {
  'mf-manifest.json': manifestOf(),
  'remoteEntry.js': 'entry()',
  '__federation_expose_CheckoutButton.1a.js': 'button()',
};

describe('verifiedRelease, the runtime plugin', () => {
  it('a pinned release: the manifest is handed over with its files under the release URL, and the entry and preloads carry their integrity', async () => {
    const { inventory, site } = await release(FILES);
    const { hooks, reports } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    const manifest = await (await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE))!.json();
    expect(manifest.metaData.publicPath).toBe(RELEASE);
    const script = hooks.createScript({ url: `${RELEASE}remoteEntry.js`, attrs: { fetchpriority: 'high' }, remoteInfo: REMOTE })!;
    expect([script.src, script.integrity, script.crossOrigin, script.getAttribute('fetchpriority')]).toEqual([
      `${RELEASE}remoteEntry.js`,
      integrityOf('entry()'),
      'anonymous',
      'high',
    ]);
    const link = hooks.createLink({
      url: `${RELEASE}__federation_expose_CheckoutButton.1a.js`,
      attrs: { rel: 'preload', as: 'script' },
      remoteInfo: REMOTE,
    })!;
    expect([link.href, link.rel, link.integrity]).toEqual([
      `${RELEASE}__federation_expose_CheckoutButton.1a.js`,
      'preload',
      integrityOf('button()'),
    ]);
    expect(reports).toEqual([]);
  });

  it('refuses, reports and never requests a script the inventory does not list', async () => {
    const { inventory, site } = await release(FILES);
    const { hooks, reports, asked } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE);
    expect(() => hooks.createScript({ url: `${RELEASE}evil.js`, remoteInfo: REMOTE })).toThrow('not in the verified release inventory');
    expect(reports.map((r) => [r.reason, r.url])).toEqual([['not-inventoried', `${RELEASE}evil.js`]]);
    expect(asked).not.toContain(`${RELEASE}evil.js`);
  });

  it('before any verified manifest, no script of the remote is allowed; other remotes are left to the runtime', async () => {
    const { hooks } = plugin({ publisherKeys: ['AAAA'] }, {});
    expect(() => hooks.createScript({ url: `${RELEASE}remoteEntry.js`, remoteInfo: REMOTE })).toThrow();
    expect(hooks.createScript({ url: 'https://other.example/remoteEntry.js', remoteInfo: { name: 'other' } })).toBeUndefined();
    expect(hooks.fetch('https://other.example/mf-manifest.json', {}, { name: 'other' })).toBeUndefined();
  });

  it('a remote the bundler registered under a name of its own, with ours as its alias (@module-federation/vite), is verified as ours', async () => {
    const VITE_REMOTE = {
      name: '__mfe_internal__vite_host__mf_owner__226942062956883__checkout',
      alias: 'checkout',
      entryGlobalName: 'checkout',
    };
    const { inventory, site } = await release(FILES);
    const { hooks, reports, asked } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    const manifest = await (await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, VITE_REMOTE))!.json();
    expect(manifest.metaData.publicPath).toBe(RELEASE);
    expect(asked).toContain(`${RELEASE}release-inventory.json`);
    expect(hooks.createScript({ url: `${RELEASE}remoteEntry.js`, remoteInfo: VITE_REMOTE })!.integrity).toBe(integrityOf('entry()'));
    expect(() => hooks.createScript({ url: `${RELEASE}evil.js`, remoteInfo: VITE_REMOTE })).toThrow(
      'not in the verified release inventory',
    );
    expect(reports.map((r) => r.reason)).toEqual(['not-inventoried']);
  });

  it('a channel: its manifest names the release, whose signed inventory and own manifest are what runs', async () => {
    const { publisher, site } = await release(FILES, { [`${CDN}stable/mf-manifest.json`]: manifestOf(RELEASE) });
    const { hooks, reports, asked } = plugin({ publisherKeys: [publisher.publicKey] }, site);
    const manifest = await (await hooks.fetch(`${CDN}stable/mf-manifest.json`, {}, REMOTE))!.json();
    expect(manifest.metaData.publicPath).toBe(RELEASE);
    expect(asked).toEqual(
      expect.arrayContaining([`${RELEASE}release-inventory.json`, `${RELEASE}release-inventory.json.sig`, `${RELEASE}mf-manifest.json`]),
    );
    expect(hooks.createScript({ url: `${RELEASE}remoteEntry.js`, remoteInfo: REMOTE })!.integrity).toBe(integrityOf('entry()'));
    expect(reports).toEqual([]);
  });

  it.each([
    [
      'a manifest that differs from the inventory',
      (site: Record<string, string>) => (site[`${RELEASE}mf-manifest.json`] += ' '),
      'file-integrity',
    ],
    [
      'an inventory whose signature is not the publisher key’s',
      (site: Record<string, string>) => (site[`${RELEASE}release-inventory.json`] += ' '),
      'signature',
    ],
    [
      'a channel that names a release on another origin',
      (site: Record<string, string>) => (site[`${CDN}stable/mf-manifest.json`] = manifestOf('https://evil.example/checkout/')),
      'channel',
    ],
  ])('refuses %s: the manifest fetch fails, it is reported, and no script is allowed', async (_, change, reason) => {
    const { publisher, site } = await release(FILES, { [`${CDN}stable/mf-manifest.json`]: manifestOf(RELEASE) });
    change(site);
    const { hooks, reports } = plugin({ publisherKeys: [publisher.publicKey] }, site);
    await expect(hooks.fetch(`${CDN}stable/mf-manifest.json`, {}, REMOTE)).rejects.toThrow();
    expect(reports.map((r) => r.reason)).toEqual([reason]);
    expect(() => hooks.createScript({ url: `${RELEASE}remoteEntry.js`, remoteInfo: REMOTE })).toThrow();
  });

  it('a malformed minSequence is refused at configuration: reported as min-sequence, nothing fetched, no script allowed', async () => {
    const { publisher, site } = await release(FILES);
    const { hooks, reports, asked } = plugin({ publisherKeys: [publisher.publicKey], minSequence: Number.NaN }, site);
    await expect(hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE)).rejects.toThrow('minSequence (NaN)');
    expect(reports.map((r) => r.reason)).toEqual(['min-sequence']);
    expect(asked).toEqual([]);
    expect(() => hooks.createScript({ url: `${RELEASE}remoteEntry.js`, remoteInfo: REMOTE })).toThrow();
  });

  it('an unreachable inventory is an outage, not a refusal: the fetch fails and nothing is reported', async () => {
    const { publisher, site } = await release(FILES);
    delete site[`${RELEASE}release-inventory.json.sig`];
    const { hooks, reports } = plugin({ publisherKeys: [publisher.publicKey] }, site);
    await expect(hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE)).rejects.toThrow('answered 404');
    expect(reports).toEqual([]);
  });

  it('a preloaded chunk that failed its integrity: the module is never asked for (the remote’s own runtime would fetch it again), and it is reported', async () => {
    const { inventory, site } = await release(FILES);
    const { hooks, reports } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE);
    const chunk = `${RELEASE}__federation_expose_CheckoutButton.1a.js`;
    const entry = hooks.createScript({ url: `${RELEASE}remoteEntry.js`, remoteInfo: REMOTE })!;
    const preload = hooks.createScript({ url: chunk, remoteInfo: REMOTE })!;
    site[chunk] = `window.__tampered=true;${site[chunk]}`; // what the browser got, and refused
    entry.dispatchEvent(new window.Event('load'));
    preload.dispatchEvent(new window.Event('error'));
    await expect(hooks.beforeGetExpose({ moduleInfo: REMOTE })).rejects.toThrow('did not load with its integrity');
    expect(reports.map((r) => [r.reason, r.url])).toEqual([['file-integrity', chunk]]);
    await expect(hooks.beforeGetExpose({ moduleInfo: { name: 'other' } })).resolves.toBeUndefined();
  });

  it('an entry that failed its integrity: the runtime’s failure waits for the refusal’s report (a loader then knows not to retry)', async () => {
    const { inventory, site } = await release(FILES);
    const { hooks, reports } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE);
    const url = `${RELEASE}remoteEntry.js`;
    const entry = hooks.createScript({ url, remoteInfo: REMOTE })!;
    site[url] = `window.__tampered=true;${site[url]}`; // what the browser got, and refused
    entry.dispatchEvent(new window.Event('error'));
    expect(reports).toEqual([]); // the comparison with the inventory is under way
    await hooks.afterLoadEntry({ remoteInfo: REMOTE, error: new Error('RUNTIME-008') });
    expect(reports.map((r) => [r.reason, r.url])).toEqual([['file-integrity', url]]);
  });

  it('a failed entry whose comparison never answers (a fetch without a timeout) holds the failure DIAGNOSIS_WAIT_MS at most', async () => {
    const { inventory, site } = await release(FILES);
    const { get } = siteFetch(site);
    const url = `${RELEASE}remoteEntry.js`;
    const fetch = (asked: string) => (asked === url ? new Promise<Response>(() => {}) : get(asked));
    const hooks = verifiedRelease({ remote: 'checkout', trust: { inventoryIntegrity: integrityOf(inventory) }, report: () => {}, fetch });
    const { createScript, afterLoadEntry } = hooks as unknown as Hooks;
    await (hooks as unknown as Hooks).fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE);
    jest.useFakeTimers();
    try {
      createScript({ url, remoteInfo: REMOTE })!.dispatchEvent(new window.Event('error'));
      let settled = false;
      const failed = afterLoadEntry({ remoteInfo: REMOTE, error: new Error('RUNTIME-008') }).then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(DIAGNOSIS_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await failed;
      expect(settled).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("a chunk the button asks for only later (the manifest's `async`) that failed: the module is still asked for, and different bytes are reported", async () => {
    const button = { name: 'CheckoutButton', sync: ['__federation_expose_CheckoutButton.1a.js'], async: ['wallets.2b.js'] };
    const files = { ...FILES, 'mf-manifest.json': manifestOf('auto', [button]), 'wallets.2b.js': 'row()' };
    const { inventory, site } = await release(files);
    const { hooks, reports } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE);
    for (const file of ['remoteEntry.js', '__federation_expose_CheckoutButton.1a.js']) {
      hooks.createScript({ url: RELEASE + file, remoteInfo: REMOTE })!.dispatchEvent(new window.Event('load'));
    }
    const row = hooks.createScript({ url: `${RELEASE}wallets.2b.js`, remoteInfo: REMOTE })!;
    expect(row.integrity).toBe(integrityOf('row()'));
    site[`${RELEASE}wallets.2b.js`] = 'tampered()'; // what the browser got, and refused
    row.dispatchEvent(new window.Event('error'));
    await expect(hooks.beforeGetExpose({ moduleInfo: REMOTE })).resolves.toBeUndefined();
    await hooks.afterLoadEntry({ remoteInfo: REMOTE, error: new Error('a later failure') }); // waits for the diagnoses
    expect(reports.map((r) => [r.reason, r.url])).toEqual([['file-integrity', `${RELEASE}wallets.2b.js`]]);
  });

  it('every preloaded script loaded: the module is asked for', async () => {
    const { inventory, site } = await release(FILES);
    const { hooks, reports } = plugin({ inventoryIntegrity: integrityOf(inventory) }, site);
    await hooks.fetch(`${RELEASE}mf-manifest.json`, {}, REMOTE);
    for (const file of ['remoteEntry.js', '__federation_expose_CheckoutButton.1a.js']) {
      hooks.createScript({ url: RELEASE + file, remoteInfo: REMOTE })!.dispatchEvent(new window.Event('load'));
    }
    await expect(hooks.beforeGetExpose({ moduleInfo: REMOTE })).resolves.toBeUndefined();
    expect(reports).toEqual([]);
  });
});
