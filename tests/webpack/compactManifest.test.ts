/** @jest-environment node */
// mf-manifest.json is read by every host before the button: it ships without indentation, the same
// JSON, and the compressed copies are made from those bytes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { webpack, type Compiler } from 'webpack';
import { CompactManifestPlugin } from '../../webpack/compactManifest';
import { precompress } from '../../webpack/precompress';
import webpackConfig from '../../webpack.config';

// Several exposes, as the remote has: enough for the compressed copy to be worth writing.
const MANIFEST = {
  id: 'checkout',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: ['CheckoutButton', 'stripeScript', 'mount'].map((name) => ({
    name,
    path: `./${name}`,
    assets: { js: { sync: [`${name}.js`], async: [] }, css: { sync: [], async: [] } },
  })),
};

/** Writes the manifest as the federation plugin does: indented, at the transfer stage. */
class IndentedManifest {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('IndentedManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'IndentedManifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          compilation.emitAsset('mf-manifest.json', new compiler.webpack.sources.RawSource(JSON.stringify(MANIFEST, null, 2)));
        },
      );
    });
  }
}

function build(dir: string): Promise<void> {
  writeFileSync(path.join(dir, 'entry.js'), 'export const x = 1;');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'dist') },
    plugins: [new IndentedManifest(), new CompactManifestPlugin('mf-manifest.json'), ...precompress()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(stats!.toString('errors-only'))) : compiler.close(() => resolve()),
    ),
  );
}

describe('CompactManifestPlugin: mf-manifest.json without indentation', () => {
  it('writes the same object on one line, and its .gz copy holds those bytes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compact-manifest-'));
    try {
      await build(dir);
      const written = readFileSync(path.join(dir, 'dist/mf-manifest.json'), 'utf8');
      expect(written).toBe(JSON.stringify(MANIFEST));
      expect(gunzipSync(readFileSync(path.join(dir, 'dist/mf-manifest.json.gz'))).toString()).toBe(written);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("is in the remote's production build, after the federation plugin that writes the manifest", () => {
    // A production config asks for the signing key as it is made: a development build's will do here.
    process.env.CHECKOUT_DEVELOPMENT_BUILD = '1';
    const [remote] = webpackConfig({}, { mode: 'production' });
    delete process.env.CHECKOUT_DEVELOPMENT_BUILD;
    const names = (remote.plugins ?? []).map((plugin) => plugin?.constructor.name);
    expect(names.indexOf('CompactManifestPlugin')).toBeGreaterThan(names.indexOf('ModuleFederationPlugin'));
    expect(names.indexOf('ModuleFederationPlugin')).toBeGreaterThanOrEqual(0);
  });
});
