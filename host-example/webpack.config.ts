// The host example: a shop page that mounts the checkout remote at runtime.
//
//   npm start      (with the remote)  webpack serve --mode development -c host-example/webpack.config.ts
//   npm run build  (with the remote)  webpack --mode production -c host-example/webpack.config.ts
//
// One configuration: the page (a federation host); the offline demo's service worker is built with it
// (build/DemoServiceWorkerPlugin.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { reactShares } from '../build/federation';
import { DEFAULT_REMOTE_URL, describeMode, loadEnvFile, readExampleConfig } from './server/config';
import { createExampleApi } from './server/exampleApi';
import { DemoServiceWorkerPlugin } from './build/DemoServiceWorkerPlugin';
import { typescriptRule } from '../build/typescriptRule';

export const HOST_PORT = Number(process.env.HOST_PORT ?? 3000);


type Argv = { mode?: Configuration['mode'] };

export default (_env: unknown, argv: Argv): Configuration => {
  const production = argv.mode !== 'development';
  loadEnvFile();
  // Build time: where the remote's manifest is. The page also takes `?remote=<manifest url>`.
  const remoteUrl = process.env.REMOTE_URL ?? DEFAULT_REMOTE_URL;
  const output = path.resolve(__dirname, 'dist');

  const page: Configuration & { devServer?: DevServerConfiguration } = {
    name: 'host-example',
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.ts' },
    // No eval-based source maps: the CSP scenario's page must not need 'unsafe-eval' for the host.
    devtool: 'source-map',
    output: {
      path: output,
      publicPath: '/',
      // Entry names stay stable (the federation runtime refuses [contenthash] there); served no-cache.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: 'shop',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [typescriptRule] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shop',
        // No static remotes: the checkout remote is registered at runtime (src/remote/).
        remotes: {},
        // The same React shares as the remote, so one React runs the page and the button.
        shared: reactShares,
        // Do not load every remote's entry at start-up to negotiate versions.
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      new webpack.DefinePlugin({ __REMOTE_URL__: JSON.stringify(remoteUrl) }),
      new HtmlWebpackPlugin({ template: './public/index.html', chunks: ['main'] }),
      // The offline demo's service worker, at /demo-sw.js (no federation runtime, no dev client in it).
      new DemoServiceWorkerPlugin({ entry: './src/demo/serviceWorker.ts', filename: 'demo-sw.js' }),
    ],
    performance: { hints: false },
    stats: production ? 'normal' : 'minimal',
    devServer: {
      port: HOST_PORT,
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      // Everything the page needs is built; the repository's public/ is the remote's standalone page.
      static: false,
      allowedHosts: 'all',
      client: { overlay: { errors: true, warnings: false } },
      setupMiddlewares(middlewares) {
        const config = readExampleConfig();
        const api = createExampleApi({ config, remoteUrl, dev: true, publicOrigin: `http://localhost:${HOST_PORT}` });
        console.log(`[host-example] http://localhost:${HOST_PORT}: ${describeMode(config)}`);
        if (config.notice) console.log(`[host-example] note: ${config.notice}`);
        middlewares.unshift({
          name: 'host-example-api',
          middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
            Promise.resolve(api(req, res)).then((answered) => answered || next(), next);
          },
        });
        return middlewares;
      },
    },
  };

  return page;
};
