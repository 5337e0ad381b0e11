// deploy/nginx.conf in front of the built remote, on Debian's nginx: the contract's headers, the
// precompressed answers, the cache rules, and a host loading the remote through a channel manifest.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { channelManifest } from '../../release/channelManifest';
import type { RemoteRelease } from '../../src/core/types';
import { loudBanner } from './support/env';
import { e2e, useBrowser, usePages } from './support/harness';
import { findNginx, hasBrotliModule, nginxSuite, startNginx, type RunningNginx } from './support/nginx';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET: no decompression, so the test sees the bytes nginx sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

nginxSuite('the remote behind nginx (deploy/nginx.conf)', () => {
  const browser = useBrowser();
  const open = usePages(browser);
  const brotli = hasBrotliModule();
  let nginx: RunningNginx;
  let release: RemoteRelease;
  let releaseUrl: string;
  let channelUrl: string;
  let buttonChunk: string;
  const dist = () => e2e.remoteDir!;

  beforeAll(async () => {
    nginx = await startNginx(findNginx()!, { brotli });
    const manifest = JSON.parse(readFileSync(path.join(dist(), 'mf-manifest.json'), 'utf8'));
    release = manifest.metaData.release;
    // The layout of deploy/nginx.conf: the release under its version, a channel pointing at it.
    mkdirSync(path.join(nginx.root, 'checkout/releases'), { recursive: true });
    symlinkSync(dist(), path.join(nginx.root, 'checkout/releases', release.version));
    releaseUrl = `${nginx.origin}/checkout/releases/${release.version}/`;
    mkdirSync(path.join(nginx.root, 'checkout/stable'));
    writeFileSync(path.join(nginx.root, 'checkout/stable/mf-manifest.json'), JSON.stringify(channelManifest(manifest, releaseUrl)));
    channelUrl = `${nginx.origin}/checkout/stable/mf-manifest.json`;
    const expose = manifest.exposes.find((e: { name: string }) => e.name === 'CheckoutButton');
    buttonChunk = expose.assets.js.sync.find((file: string) => file.startsWith('__federation_expose_CheckoutButton'));
  });
  afterAll(async () => {
    await nginx?.stop();
  });

  it("answers with the contract's headers: any origin, entries no-cache, hashed chunks immutable", async () => {
    const elementChunk = readdirSync(dist()).find((file) => /^checkout-button\.element\.[0-9a-f]{10}\.js$/.test(file));
    const cases: Array<[string, string]> = [
      [channelUrl, 'no-cache'],
      [`${releaseUrl}mf-manifest.json`, 'no-cache'],
      [`${releaseUrl}remoteEntry.js`, 'no-cache'],
      [`${releaseUrl}checkout-button.js`, 'no-cache'],
      [`${releaseUrl}${buttonChunk}`, IMMUTABLE],
      [`${releaseUrl}${buttonChunk}.map`, IMMUTABLE],
      [`${releaseUrl}${elementChunk}`, IMMUTABLE],
    ];
    for (const [url, cacheControl] of cases) {
      const { status, headers } = await get(url);
      const answer = {
        status,
        cors: headers['access-control-allow-origin'],
        corp: headers['cross-origin-resource-policy'],
        timing: headers['timing-allow-origin'],
      };
      expect({ url, ...answer, cacheControl: headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cors: '*',
        corp: 'cross-origin',
        timing: '*',
        cacheControl,
      });
    }
    expect((await get(`${releaseUrl}remoteEntry.js`)).headers['content-type']).toMatch(/^application\/javascript/);
    expect((await get(`${releaseUrl}mf-manifest.json`)).headers['content-type']).toMatch(/^application\/json/);
    // A missing file still says who may read the answer, so a host sees the 404, not a CORS error.
    const missing = await get(`${releaseUrl}nothing-here.js`);
    expect([missing.status, missing.headers['access-control-allow-origin']]).toEqual([404, '*']);
  });

  it('answers compressed from the files the build compressed (brotli, gzip), identity otherwise', async () => {
    for (const file of ['remoteEntry.js', buttonChunk, 'release-inventory.json']) {
      const raw = readFileSync(path.join(dist(), file));
      const plain = await get(`${releaseUrl}${file}`);
      expect([plain.headers['content-encoding'], plain.body.equals(raw)]).toEqual([undefined, true]);

      const gzip = await get(`${releaseUrl}${file}`, { 'Accept-Encoding': 'gzip' });
      expect({ file, encoding: gzip.headers['content-encoding'], vary: gzip.headers.vary }).toEqual({
        file,
        encoding: 'gzip',
        vary: 'Accept-Encoding',
      });
      // The very bytes of the build's .gz: served as they are, not compressed on the fly.
      expect(gzip.body.equals(readFileSync(path.join(dist(), `${file}.gz`)))).toBe(true);

      if (!brotli) {
        if (process.env.CI === 'true')
          throw new Error('no brotli_static module (apt-get install -y libnginx-mod-http-brotli-static) [CI=true]');
        console.warn(
          loudBanner(['SKIPPED (brotli): no ngx_http_brotli_static_module', 'apt-get install -y libnginx-mod-http-brotli-static']),
        );
        continue;
      }
      const br = await get(`${releaseUrl}${file}`, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect({ file, encoding: br.headers['content-encoding'], vary: br.headers.vary }).toEqual({
        file,
        encoding: 'br',
        vary: 'Accept-Encoding',
      });
      expect(br.body.equals(readFileSync(path.join(dist(), `${file}.br`)))).toBe(true);
      expect(br.body.length).toBeLessThan(gzip.body.length);
    }
  });

  it('loads in a host through the channel manifest, with every file from the release directory', async () => {
    const host = await open({ manifestUrl: channelUrl });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    const fromNginx = host.requests.filter((r) => r.url.startsWith(nginx.origin)).map((r) => r.url.slice(nginx.origin.length));
    expect(fromNginx[0]).toBe('/checkout/stable/mf-manifest.json');
    expect(fromNginx.slice(1).every((p) => p.startsWith(`/checkout/releases/${release.version}/`))).toBe(true);
    expect(fromNginx).toEqual(
      expect.arrayContaining([
        `/checkout/releases/${release.version}/remoteEntry.js`,
        `/checkout/releases/${release.version}/${buttonChunk}`,
      ]),
    );

    // Chromium asks for br (over plain http too): it gets the build's brotli files, or gzip without the module.
    const encodingOf = (file: string) => host.responses.find((r) => r.url === `${releaseUrl}${file}`)?.headers['content-encoding'];
    expect([encodingOf('remoteEntry.js'), encodingOf(buttonChunk)]).toEqual(brotli ? ['br', 'br'] : ['gzip', 'gzip']);
    // The runtime reads the release from the release's directory, as the channel says.
    const atRuntime = await host.page.evaluate(async () => {
      const load = (window as unknown as { __loadRemote: (id: string) => Promise<{ remoteRelease: { version: string } }> }).__loadRemote;
      return (await load('checkout/stripeScript')).remoteRelease;
    });
    expect(atRuntime).toEqual(release);
    await host.expectNoPageErrors();
  });

  it('loads in a host that pins the release', async () => {
    const host = await open({ manifestUrl: `${releaseUrl}mf-manifest.json` });
    expect(await host.waitForStates(2)).toEqual(['pending', 'resolved']);
    await host.expectNoPageErrors();
  });
});
