// The two bench hosts, built the same way: `direct` bundles the component; `federated` loads it
// from the remote at runtime, as the README recommends.
// Everything else (page, React, minifier) is identical.
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration } from 'webpack';
import { reactShares } from '../build/federation';
import { precompress } from '../build/precompress';
import { typescriptRule } from '../build/typescriptRule';


function host(name: 'direct' | 'federated', entry: string, extra: Configuration['plugins'] = []): Configuration {
  return {
    name,
    mode: 'production',
    context: __dirname,
    entry,
    devtool: false,
    output: {
      path: path.resolve(__dirname, 'dist', name),
      publicPath: '/',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: `bench_${name}`,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [typescriptRule] },
    plugins: [new HtmlWebpackPlugin({ template: './page/index.html', scriptLoading: 'defer' }), ...extra, ...precompress()],
    performance: { hints: false },
  };
}

export default [
  host('direct', './page/direct.tsx'),
  host('federated', './page/federated/index.ts', [
    new ModuleFederationPlugin({
      name: 'bench_federated',
      // The host's React in its own entry (eager): no second round trip for a React chunk after
      // main.js runs, and the remote's init does not wait for it (measured in the README).
      shared: Object.fromEntries(Object.entries(reactShares).map(([key, config]) => [key, { ...config, eager: true }])),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      // A browser-only host: leave the runtime's Node code out.
      experiments: { optimization: { target: 'web' } },
    }),
  ]),
];
