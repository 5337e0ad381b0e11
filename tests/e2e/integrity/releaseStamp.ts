// The release a host runs: stamped by the build into mf-manifest.json and readable at runtime from
// checkout/stripeScript, the same values in both places.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { e2e, type OpenPage } from '../support/harness';

export function describeReleaseStamp(open: OpenPage): void {
  describe('the release a host runs', () => {
    it("is in the manifest's metaData and in checkout/stripeScript's remoteRelease, the same", async () => {
      const manifest = (await (await fetch(e2e.manifestUrl!)).json()) as {
        metaData: { release: unknown; buildInfo: { buildVersion: string } };
      };
      const { version } = JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
      expect(manifest.metaData.release).toEqual({
        name: 'checkout',
        version,
        commit: expect.stringMatching(/^([0-9a-f]{40}(-dirty)?|unknown)$/),
        builtAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(manifest.metaData.buildInfo.buildVersion).toBe(version);

      const host = await open();
      const atRuntime = await host.page.evaluate(async () => {
        const load = (window as unknown as { __loadRemote: (id: string) => Promise<{ remoteRelease: unknown }> }).__loadRemote;
        return (await load('checkout/stripeScript')).remoteRelease;
      });
      expect(atRuntime).toEqual(manifest.metaData.release);
      await host.expectNoPageErrors();
    });
  });
}
