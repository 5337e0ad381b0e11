// The release inventory as the server sends it: every hash recomputed from the served bytes, the
// signature checked with the key made for the run (the build's), its terms the build's, every script a
// page can be asked to run listed.
import { readdirSync } from 'node:fs';
import { verifyRelease } from '../../../release/verifyRelease';
import { sri, type ReleaseInventory } from '../../../release/releaseInventory';
import { PRODUCT, trustedInventory } from '../../../packages/host-kit/src/release/releaseFormat';
import { manifestScripts, type FederationManifest } from '../../../release/manifestAssets';
import { STRIPE_JS_URL } from '../../../src/stripe/policy';
import { e2e } from '../support/harness';
import { runKey } from '../support/runKey';

const served = async (file: string) => {
  const response = await fetch(new URL(file, `${e2e.remoteUrl}/`));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

export function describeInventory(): void {
  describe('the release inventory', () => {
    it('lists each file with the integrity and size of the bytes served, signed by the build with its key id, sequence and expiry', async () => {
      const bytes = await served('release-inventory.json');
      const signature = (await served('release-inventory.json.sig')).toString('utf8');
      const key = runKey();
      const url = `${e2e.remoteUrl}/release-inventory.json`;
      const trusted = await trustedInventory(url, new Uint8Array(bytes).buffer, { publisherKeys: [key.publicKey] }, signature);

      const inventory = JSON.parse(bytes.toString('utf8')) as ReleaseInventory;
      expect(trusted).toEqual(inventory);
      const manifest = JSON.parse((await served('mf-manifest.json')).toString('utf8')) as FederationManifest;
      expect(inventory).toMatchObject({ schema: 2, product: PRODUCT, keyId: key.keyId });
      const builtAt = Date.parse(inventory.release.builtAt);
      expect(inventory.sequence).toBe(Math.floor(builtAt / 1000));
      expect(Date.parse(inventory.expires) - builtAt).toBe(180 * 86_400_000);
      expect(inventory.release).toEqual(manifest.metaData.release);
      expect(inventory.thirdParty).toEqual([
        { url: STRIPE_JS_URL, integrity: null, why: expect.stringContaining('without integrity support') },
      ]);
      const paths = inventory.files.map((file) => file.path);
      expect(paths).toEqual([...paths].sort());
      for (const file of inventory.files) {
        const body = await served(file.path);
        expect({ path: file.path, integrity: sri(body), size: body.length }).toEqual({
          path: file.path,
          integrity: file.integrity,
          size: file.size,
        });
        expect(file.why).toMatch(/^\S.{10,200}$/);
      }
    });

    it('lists the entry, the manifest, every script the manifest names, and checkout-button.js with each of its chunks', async () => {
      const inventory = JSON.parse((await served('release-inventory.json')).toString('utf8')) as ReleaseInventory;
      const manifest = JSON.parse((await served('mf-manifest.json')).toString('utf8')) as FederationManifest;
      const listed = new Set(inventory.files.map((file) => file.path));
      const elementFiles = readdirSync(e2e.remoteDir!).filter((file) => /^checkout-button\..*js$/.test(file));
      const expected = ['remoteEntry.js', 'mf-manifest.json', 'checkout-button.js', ...manifestScripts(manifest).keys(), ...elementFiles];
      expect(expected.filter((file) => !listed.has(file))).toEqual([]);
      expect(elementFiles.length).toBeGreaterThan(2);
      // Nothing listed that the server does not have.
      const onDisk = new Set(readdirSync(e2e.remoteDir!));
      expect([...listed].filter((file) => !onDisk.has(file))).toEqual([]);
    });

    it('lists every script the remote’s origin serves, and serves no page of its own (a page would run what it names)', async () => {
      const listed = new Set(
        (JSON.parse((await served('release-inventory.json')).toString('utf8')) as ReleaseInventory).files.map((file) => file.path),
      );
      const runnable = readdirSync(e2e.remoteDir!).filter((file) => /\.(m?js|html?)$/.test(file));
      expect(runnable.filter((file) => !listed.has(file))).toEqual([]);
      expect(runnable.filter((file) => /\.html?$/.test(file))).toEqual([]);
    });

    it('passes verify-release as served, in every encoding', async () => {
      expect(await verifyRelease(`${e2e.remoteUrl}/`, { publisherKeys: [runKey().publicKey] })).toMatchObject({ drift: [] });
    });
  });
}
