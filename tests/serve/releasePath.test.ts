/** @jest-environment node */
// `npm run serve:remote` answers the path the pinned pages name (`/releases/<version>/checkout-button.js`,
// docs/element.md) with the build's own file, and the root path as before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedAsRelease } from '../../serve/releasePath';
import { startStaticServer } from '../../serve/staticServer';
import rootPackage from '../../package.json';

it("answers /releases/<the package's version>/ with the build's files, and nothing for another version", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-path-'));
  writeFileSync(path.join(dir, 'checkout-button.js'), 'export const element = 1;');
  const server = await startStaticServer({ root: dir, handle: servedAsRelease() });
  try {
    const pinned = await fetch(`${server.url}/releases/${rootPackage.version}/checkout-button.js`);
    expect(pinned.status).toBe(200);
    expect(await pinned.text()).toBe('export const element = 1;');
    expect(pinned.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${server.url}/checkout-button.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/releases/0.0.0-other/checkout-button.js`)).status).toBe(404);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
