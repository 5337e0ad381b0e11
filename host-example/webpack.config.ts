// The host example: a page that mounts the checkout remote at runtime.
//   npm start      webpack serve --mode development -c host-example/webpack.config.ts  (with the remote)
//   npm run build  webpack --mode production -c host-example/webpack.config.ts
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { typescriptRule } from '../build/typescriptRule';
import { demoMiddleware } from './demo/server';

export const HOST_PORT = Number(process.env.HOST_PORT ?? 3000);
const REMOTE_PORT = Number(process.env.REMOTE_PORT ?? 3001);
/** Where the checkout remote is: a build setting (a CDN URL in production). */
export const CHECKOUT_MANIFEST = process.env.CHECKOUT_MANIFEST ?? `http://localhost:${REMOTE_PORT}/mf-manifest.json`;

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: './src/index.ts',
    devtool: 'source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: 'shop',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: { rules: [typescriptRule] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shop',
        // Only React, as webpack's docs show it: the remote takes the page's React.
        shared: {
          react: { singleton: true, requiredVersion: '^19.0.0' },
          'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
        },
        // The checkout remote is registered at runtime (src/checkoutRemote.ts), and a remote that is
        // down must not hold up start-up: no version negotiation with every remote first.
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      new webpack.DefinePlugin({ __CHECKOUT_MANIFEST__: JSON.stringify(CHECKOUT_MANIFEST) }),
      new HtmlWebpackPlugin({ template: './index.html' }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devServer: {
      port: HOST_PORT,
      hot: false,
      static: false,
      allowedHosts: 'all',
      client: { logging: 'warn', overlay: { errors: true, warnings: false } },
      setupMiddlewares(middlewares) {
        middlewares.unshift({ name: 'demo', middleware: demoMiddleware(`http://localhost:${HOST_PORT}`, CHECKOUT_MANIFEST) });
        console.log(`\n  host example  http://localhost:${HOST_PORT}/   (demo switches at the bottom of the page)\n`);
        return middlewares;
      },
    },
  };
};
