/** @jest-environment node */
// The contract's headers where the remote is served without nginx (its test is tests/e2e/nginx.e2e.ts):
// the dev server (webpack.config.ts) and `npm run serve` (serve/staticServer.ts) both send
// CORS_HEADERS, Timing-Allow-Origin included; the one tag's entry is revalidated, its chunks kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheControlFor, CORS_HEADERS } from '../../webpack/federation';
import { startStaticServer } from '../../serve/staticServer';
import webpackConfig from '../../webpack.config';

describe("the remote's headers outside nginx", () => {
  it('include Timing-Allow-Origin, so a host page can read what each remote file cost', () => {
    expect(CORS_HEADERS).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Timing-Allow-Origin': '*',
    });
  });

  it('are the dev server’s, for the remote and for checkout-button.js (one server for both builds)', () => {
    const [remote, element] = webpackConfig({}, { mode: 'development' });
    expect(remote.devServer?.headers).toEqual(CORS_HEADERS);
    expect(element.output).toMatchObject({ path: remote.output?.path, filename: '[name].js', module: true, publicPath: 'auto' });
    expect(Object.keys(element.entry as object)).toEqual(['checkout-button']);
  });

  it('are what `npm run serve` answers, with checkout-button.js no-cache and its hashed chunks immutable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'contract-headers-'));
    writeFileSync(path.join(dir, 'checkout-button.js'), 'export {};');
    writeFileSync(path.join(dir, 'checkout-button.element.0123abcdef.js'), 'export {};');
    const server = await startStaticServer({ root: dir });
    try {
      for (const [file, cacheControl] of [
        ['checkout-button.js', 'no-cache'],
        ['checkout-button.element.0123abcdef.js', 'public, max-age=31536000, immutable'],
      ]) {
        const res = await fetch(`${server.url}/${file}`);
        expect(cacheControlFor(file)).toBe(cacheControl);
        expect({
          file,
          status: res.status,
          tao: res.headers.get('timing-allow-origin'),
          cors: res.headers.get('access-control-allow-origin'),
          cache: res.headers.get('cache-control'),
        }).toEqual({
          file,
          status: 200,
          tao: '*',
          cors: '*',
          cache: cacheControl,
        });
      }
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
