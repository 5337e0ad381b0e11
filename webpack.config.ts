import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { ids, type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { ChunkIntegrityPlugin } from './webpack/chunkIntegrity';
import { CompactManifestPlugin } from './webpack/compactManifest';
import { CompileHintsPlugin } from './webpack/compileHints';
import { elementBuild, ELEMENT_FILES } from './webpack/elementBuild';
import { chunkTrustedTypes, CORS_HEADERS, remoteReactShares, stripeShares } from './webpack/federation';
import { precompress } from './webpack/precompress';
import { ReleaseInventoryWriter } from './release/inventory';
import { defineRelease, readRelease, stampManifest } from './release/release';
import { signingKey } from './release/signing';
import type { RemoteRelease } from './src/core/types';
import { standaloneLayerRule, standaloneReact } from './webpack/standaloneReact';
import { typescriptRule } from './webpack/typescriptRule';
import { WalletRowChunkPlugin } from './webpack/walletRowChunk';

export const REMOTE_PORT = Number(process.env.REMOTE_PORT ?? 3001);

/** The remote's architecture at a glance: what hosts can load from it. */
export const exposes = {
  './CheckoutButton': './src/exposes/CheckoutButton.ts',
  './stripeScript': './src/exposes/stripeScript.ts',
  './mount': './src/exposes/mount.tsx',
  './ManageSubscription': './src/exposes/ManageSubscription.ts',
};

/** What the remote's build adds to the release inventory (release/inventory.ts). */
const REMOTE_INVENTORY = {
  entry: { file: 'remoteEntry.js', why: "The remote's entry: the federation container a host loads first; it fetches every chunk below" },
  extra: { 'mf-manifest.json': 'Read by federation hosts to find remoteEntry.js and the chunks of each exposed module' },
  manifest: 'mf-manifest.json',
};

type Config = Configuration & { devServer?: DevServerConfiguration };

const DIST = path.resolve(__dirname, 'dist');

/**
 * Two builds into dist/: the federated remote, and `checkout-button.js`, the one tag
 * (webpack/elementBuild.ts). In production both list their files in the release inventory.
 */
export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Config[] => {
  const production = argv.mode !== 'development';
  const release = readRelease(__dirname);
  // A production build without the publisher's key fails here, before anything is built (release/signing.ts).
  const inventory = production ? new ReleaseInventoryWriter(release, signingKey()) : null;
  const elementInventory = inventory?.plugin({
    entry: { file: 'checkout-button.js', why: "<checkout-button>'s one tag: defines the element and fetches its chunks" },
  });
  return [
    remote(production, release, inventory),
    elementBuild({ production, outputPath: DIST, plugins: elementInventory ? [elementInventory] : [] }),
  ];
};

function remote(production: boolean, release: RemoteRelease, inventory: ReleaseInventoryWriter | null): Config {
  return {
    name: 'remote',
    mode: production ? 'production' : 'development',
    // The standalone page's entry (src/entries/remoteEntry.ts → standalonePage.tsx), for working on the
    // remote alone: development only. A production release serves no page and no script outside its inventory.
    entry: production ? {} : './src/entries/remoteEntry.ts',
    // The code is ES2020 already (tsconfig): webpack's own runtime may then use arrow functions and `const`.
    target: ['web', 'es2020'],
    // No eval-based maps, even in development: the demo's CSP scenario allows no 'unsafe-eval'.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: DIST,
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: 'checkout',
      // webpack waits 120 s for a chunk by default; a host's fallback should not wait that long.
      chunkLoadTimeout: 10_000,
      trustedTypes: chunkTrustedTypes,
      clean: { keep: ELEMENT_FILES },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      // Our JSX goes through the host's createElement: see src/core/jsxRuntime.ts.
      alias: { 'react/jsx-runtime$': path.resolve(__dirname, 'src/core/jsxRuntime.ts') },
    },
    module: {
      rules: [typescriptRule, standaloneLayerRule],
    },
    experiments: { layers: true },
    plugins: [
      new ModuleFederationPlugin({
        name: 'checkout',
        filename: 'remoteEntry.js',
        exposes,
        shared: { ...remoteReactShares, ...stripeShares },
        manifest: { fileName: 'mf-manifest.json', additionalData: stampManifest(release) },
        dts: production ? { generateTypes: { abortOnError: true }, consumeTypes: false } : false,
        experiments: {
          // A remote that loads no remotes of its own: leave the snapshot and remote-loading code
          // out of remoteEntry.js (measured in `npm run bench`).
          optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
        },
      }),
      new CompactManifestPlugin('mf-manifest.json'),
      standaloneReact,
      new ids.DeterministicModuleIdsPlugin({ maxLength: 3, fixedLength: true }),
      new CompileHintsPlugin({ entry: 'checkout', chunkGroups: ['__federation_expose_CheckoutButton'] }),
      defineRelease(release),
      // The standalone page exists for working on the remote alone (the dev server); hosts never load it.
      ...(production ? [] : [new HtmlWebpackPlugin({ template: './public/standalone.html', filename: 'index.html', chunks: ['main'] })]),
      ...(production ? [new ChunkIntegrityPlugin(), new WalletRowChunkPlugin(), ...precompress()] : []),
      ...(inventory ? [inventory.plugin(REMOTE_INVENTORY)] : []),
    ],
    // Module ids of three digits, however many modules: webpack's default widens them to four past 50
    // modules (a digit on every module reference in the bytes before the button). A collision in the
    // smaller space only moves an id; the ids stay deterministic.
    optimization: { moduleIds: false },
    performance: { hints: false },
    stats: production ? 'normal' : 'errors-warnings',
    // The manifest plugin warns about publicPath 'auto' on every build: that is the intent.
    infrastructureLogging: { level: 'error' },
    devServer: {
      port: REMOTE_PORT,
      setupMiddlewares(middlewares) {
        console.log(`\n  remote        http://localhost:${REMOTE_PORT}/mf-manifest.json\n`);
        return middlewares;
      },
      hot: false,
      liveReload: true,
      headers: CORS_HEADERS,
      allowedHosts: 'all',
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}
