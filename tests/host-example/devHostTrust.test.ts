/**
 * @jest-environment node
 */
// Which publisher key the host example's build trusts: `npm start`'s host never verifies the dev
// server's remote (it signs nothing), even with CHECKOUT_PUBLISHER_KEY exported for builds; a
// production build, or a development host pointed at a real release, still verifies.
import { DefinePlugin } from 'webpack';
import hostConfig, { publisherKey } from '../../host-example/webpack.config';

const KEY = 'BKey0fThePublisher==';
const DEV_REMOTE = 'http://localhost:3001/mf-manifest.json';
const CDN = 'https://cdn.example/checkout/mf-manifest.json';

describe("the host example's trusted publisher key", () => {
  const saved = process.env.CHECKOUT_PUBLISHER_KEY;
  beforeEach(() => (process.env.CHECKOUT_PUBLISHER_KEY = KEY));
  afterAll(() => (saved === undefined ? delete process.env.CHECKOUT_PUBLISHER_KEY : (process.env.CHECKOUT_PUBLISHER_KEY = saved)));

  it('`npm start` with CHECKOUT_PUBLISHER_KEY exported: the page does not verify the dev server’s remote', () => {
    const config = hostConfig({}, { mode: 'development' });
    const define = config.plugins?.find((plugin): plugin is DefinePlugin => plugin instanceof DefinePlugin);
    expect(define?.definitions.__CHECKOUT_MANIFEST__).toBe(JSON.stringify(DEV_REMOTE));
    expect(define?.definitions.__CHECKOUT_PUBLISHER_KEY__).toBe('null');
    expect(publisherKey({ checkoutPublisherKey: KEY }, false, DEV_REMOTE)).toBeNull();
  });

  it('a development host pointed at a real release, and every production build, verify with the key', () => {
    expect(publisherKey({}, false, CDN)).toBe(KEY);
    expect(publisherKey({}, true, CDN)).toBe(KEY);
    expect(publisherKey({}, true, DEV_REMOTE)).toBe(KEY);
    delete process.env.CHECKOUT_PUBLISHER_KEY;
    expect(() => publisherKey({}, true, CDN)).toThrow(/a production build needs the publisher key/);
  });
});
