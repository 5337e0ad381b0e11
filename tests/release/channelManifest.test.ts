import { channelManifest } from '../../release/channelManifest';

const manifest = {
  id: 'checkout',
  name: 'checkout',
  metaData: { name: 'checkout', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, release: { version: '0.2.0' } },
  exposes: [{ name: 'CheckoutButton' }],
};

describe('channelManifest', () => {
  it("points the channel at the release's directory, keeping everything else of the release's manifest", () => {
    const channel = channelManifest(manifest, 'https://cdn.example.com/checkout/releases/0.2.0');
    expect(channel).toEqual({
      ...manifest,
      metaData: { ...manifest.metaData, publicPath: 'https://cdn.example.com/checkout/releases/0.2.0/' },
    });
    expect(manifest.metaData.publicPath).toBe('auto'); // the release's own manifest is left as it is
  });

  it('refuses a URL the runtime could not load from another origin', () => {
    expect(() => channelManifest(manifest, '/checkout/releases/0.2.0/')).toThrow(/Invalid URL/);
    expect(() => channelManifest(manifest, 'file:///srv/checkout/releases/0.2.0/')).toThrow('The release URL must be http(s)');
  });
});
