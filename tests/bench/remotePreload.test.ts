/**
 * @jest-environment node
 */
import { firstFiles } from '../../bench/remotePreload';

const manifest = (path: string) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path } },
  exposes: [
    {
      path: './CheckoutButton',
      assets: { js: { sync: ['545.a.js', '__federation_expose_CheckoutButton.b.js'], async: ['745.c.js', 'wallets.d.js'] } },
    },
    { path: './mount', assets: { js: { sync: ['__federation_expose_mount.e.js'], async: ['408.f.js'] } } },
  ],
});

describe("what a server-rendered page preloads from the remote's manifest", () => {
  it("is the entry, then the module's sync chunks", () => {
    expect(firstFiles(manifest(''), './CheckoutButton')).toEqual(['remoteEntry.js', '545.a.js', '__federation_expose_CheckoutButton.b.js']);
    expect(firstFiles(manifest('v1/'), './CheckoutButton')[0]).toBe('v1/remoteEntry.js');
  });

  it("on a page that shows wallets, the row's chunk after them; a module without one is said", () => {
    expect(firstFiles(manifest(''), './CheckoutButton', { walletRow: true })).toEqual([
      'remoteEntry.js',
      '545.a.js',
      '__federation_expose_CheckoutButton.b.js',
      'wallets.d.js',
    ]);
    expect(() => firstFiles(manifest(''), './mount', { walletRow: true })).toThrow('no one wallets.<hash>.js chunk');
  });

  it('says so when the manifest exposes no such module', () => {
    expect(() => firstFiles(manifest(''), './Other')).toThrow('exposes no ./Other');
  });
});
