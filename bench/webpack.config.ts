// The two bench pages, both the host example's own production build (host-example/webpack.config.ts):
// `federated` as it is, pointed at the bench's remote; `direct` the same page with the remote
// replaced by the button bundled from source (directCheckout.ts) and no federation at all.
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import hostExample from '../host-example/webpack.config';
import { BENCH_MANIFEST_URL } from './remote';

type Variant = 'direct' | 'federated';

function host(name: Variant): Configuration {
  const { devServer: _devServer, ...config } = hostExample({ checkoutManifest: BENCH_MANIFEST_URL }, { mode: 'production' });
  return { ...config, name, devtool: false, output: { ...config.output, path: path.resolve(__dirname, 'dist', name) } };
}

function direct(): Configuration {
  const config = host('direct');
  const plugins = (config.plugins ?? [])
    .filter((plugin) => !(plugin instanceof ModuleFederationPlugin))
    .map((plugin) => {
      if (!(plugin instanceof HtmlWebpackPlugin)) return plugin;
      const options = plugin.userOptions;
      // No remote: nothing of it to preload.
      return new HtmlWebpackPlugin({ ...options, templateParameters: { ...(options.templateParameters as object), checkoutManifest: '' } });
    });
  plugins.push(new webpack.NormalModuleReplacementPlugin(/[\\/]checkoutRemote(\.ts)?$/, path.resolve(__dirname, 'directCheckout.ts')));
  return {
    ...config,
    plugins,
    // Without federation there is no async boundary to keep: the page is one file, as a bundled app's.
    module: { ...config.module, parser: { javascript: { dynamicImportMode: 'eager' } } },
  };
}

export default [host('federated'), direct()];
