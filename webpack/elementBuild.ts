// The one-tag build: `checkout-button.js` at the remote's root defines <checkout-button> for pages
// with no bundler and no federation set-up. An ES module: its chunks are found from the script's
// own URL (`publicPath: 'auto'` reads import.meta.url in module output), from any origin or
// sub-path, where a module script has no document.currentScript to ask. Its chunks come by script
// tag (module scripts pushing to a global array), not `import()`: a tag carries integrity
// (webpack/chunkIntegrity.ts), and its URL goes through the remote's Trusted Types policy.
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { ChunkIntegrityPlugin } from './chunkIntegrity';
import { chunkTrustedTypes } from './federation';
import { precompress } from './precompress';
import { standaloneLayerRule, standaloneReact } from './standaloneReact';
import { typescriptRule } from './typescriptRule';

/** Every file of this build starts so: the federated build's clean keeps them, and this one's keeps the rest. */
export const ELEMENT_FILES = /^checkout-button\./;

export function elementBuild(options: { production: boolean; outputPath: string; plugins?: WebpackPluginInstance[] }): Configuration {
  const { production, outputPath } = options;
  return {
    name: 'element',
    mode: production ? 'production' : 'development',
    entry: { 'checkout-button': './src/entries/elementEntry.ts' },
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    experiments: { outputModule: true, layers: true },
    output: {
      path: outputPath,
      publicPath: 'auto',
      module: true,
      chunkFormat: 'array-push',
      chunkLoading: 'jsonp',
      trustedTypes: chunkTrustedTypes,
      filename: '[name].js',
      chunkFilename: production ? 'checkout-button.[name].[contenthash:10].js' : 'checkout-button.[name].js',
      uniqueName: 'checkout_element',
      // Both builds write dist/: each removes only its own stale files.
      clean: { keep: (file: string) => !ELEMENT_FILES.test(file) },
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [typescriptRule, standaloneLayerRule] },
    plugins: [standaloneReact, ...(production ? [new ChunkIntegrityPlugin(), ...precompress()] : []), ...(options.plugins ?? [])],
    performance: { hints: false },
    stats: production ? 'normal' : 'errors-warnings',
  };
}
