/**
 * @jest-environment node
 */
import { firstFiles } from '../../bench/remotePreload';

const manifest = (path: string) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path } },
  exposes: [{ path: './CheckoutButton', assets: { js: { sync: ['545.a.js', '__federation_expose_CheckoutButton.b.js'] } } }],
});

describe("what a server-rendered page preloads from the remote's manifest", () => {
  it("is the entry, then the module's sync chunks", () => {
    expect(firstFiles(manifest(''), './CheckoutButton')).toEqual(['remoteEntry.js', '545.a.js', '__federation_expose_CheckoutButton.b.js']);
    expect(firstFiles(manifest('v1/'), './CheckoutButton')[0]).toBe('v1/remoteEntry.js');
  });

  it('says so when the manifest exposes no such module', () => {
    expect(() => firstFiles(manifest(''), './Other')).toThrow('exposes no ./Other');
  });
});
