// The host example: a page that mounts the checkout remote at runtime (`npm start`, `npm run build`;
// package.json has the commands). `--env <name>=<value>`: each setting HostEnv names below.
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { DEVELOPMENT_BUILD, testPublicKey } from '../release/signing';
import { CompileHintsPlugin } from '../webpack/compileHints';
import { precompress } from '../webpack/precompress';
import { typescriptRule } from '../webpack/typescriptRule';
import { demoMiddleware, OFFLINE_PUBLISHABLE_KEY } from './demo/server';

export const HOST_PORT = Number(process.env.HOST_PORT ?? 3000);
const REMOTE_PORT = Number(process.env.REMOTE_PORT ?? 3001);
/** Where the checkout remote is by default: CHECKOUT_MANIFEST, else the dev remote's port. */
const DEV_REMOTE_MANIFEST = `http://localhost:${REMOTE_PORT}/mf-manifest.json`;
export const CHECKOUT_MANIFEST = process.env.CHECKOUT_MANIFEST ?? DEV_REMOTE_MANIFEST;

export interface HostEnv {
  /** Where the checkout remote is, a build setting (a CDN URL in production); else CHECKOUT_MANIFEST. */
  checkoutManifest?: string;
  /** 'off': the HTML does not start Stripe.js itself. */
  stripeHint?: string;
  /** 'off': the HTML does not preload the remote's manifest and entry. */
  remoteHint?: string;
  /** 'off': the integration alone (src/index.ts), without the demo's switches around it. */
  demo?: string;
  /** The integration's checkout: 'redirect' (Stripe's hosted page, the default) or 'embedded' (in the page). */
  checkoutMode?: string;
  /** The remote's publisher key the page trusts (raw, base64); else CHECKOUT_PUBLISHER_KEY; required in production. */
  checkoutPublisherKey?: string;
}

/**
 * The publisher key the page trusts: a build setting, never a default in production. The committed TEST
 * key (release/keys/) only with CHECKOUT_DEVELOPMENT_BUILD=1, as the remote's own development build
 * (release/signing.ts), and then the page says so to the verifier, which refuses it otherwise. None for
 * the dev server's remote (`npm start`), which signs nothing: a CHECKOUT_PUBLISHER_KEY exported for
 * builds would otherwise make the demo refuse it.
 */
export function publisherKey(env: HostEnv, production: boolean, checkoutManifest: string): string | null {
  if (!production && checkoutManifest === DEV_REMOTE_MANIFEST) return null;
  const key = env.checkoutPublisherKey ?? process.env.CHECKOUT_PUBLISHER_KEY;
  if (key) return key;
  if (process.env[DEVELOPMENT_BUILD] === '1') return testPublicKey();
  if (production) {
    throw new Error(
      `host-example: a production build needs the publisher key it trusts (CHECKOUT_PUBLISHER_KEY), or ${DEVELOPMENT_BUILD}=1 for the committed test key.`,
    );
  }
  return null;
}

export default (env: HostEnv = {}, argv: { mode?: Configuration['mode'] } = {}): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  const checkoutManifest = env.checkoutManifest ?? CHECKOUT_MANIFEST;
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    // The demo wraps the integration (src/) through its own entry.
    entry: env.demo === 'off' ? './src/index.ts' : './demo/index.ts',
    devtool: 'source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: 'shop',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      // The host kit from its sources (a team installs its package: npm run pack); its files
      // import each other with `.js`, as Node's ESM wants.
      alias: { '@checkout/host-kit': path.resolve(__dirname, '../packages/host-kit/src') },
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: { rules: [typescriptRule] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shop',
        // Only React, as webpack's docs show it: the remote takes the page's React. Eager: React is
        // in main.js, as it would be without federation, not in a chunk asked for once main.js ran.
        shared: {
          react: { singleton: true, requiredVersion: '^19.0.0', eager: true },
          'react-dom': { singleton: true, requiredVersion: '^19.0.0', eager: true },
        },
        // The checkout remote is registered at runtime (src/checkoutRemote.ts), and a remote that is
        // down must not hold up start-up: no version negotiation with every remote first.
        shareStrategy: 'loaded-first',
        dts: false,
        // A browser-only host: the runtime's Node code left out.
        experiments: { optimization: { target: 'web' } },
      }),
      new webpack.DefinePlugin({
        __CHECKOUT_MANIFEST__: JSON.stringify(checkoutManifest),
        __CHECKOUT_MODE__: JSON.stringify(env.checkoutMode === 'embedded' ? 'embedded' : 'redirect'),
        __STRIPE_PUBLISHABLE_KEY__: JSON.stringify(process.env.STRIPE_PUBLISHABLE_KEY ?? OFFLINE_PUBLISHABLE_KEY),
        // null: the dev server's remote (`npm start`), which writes no signed inventory, runs unverified.
        __CHECKOUT_PUBLISHER_KEY__: JSON.stringify(publisherKey(env, production, checkoutManifest)),
        // true: a development build, which may trust the committed test key (the verifier refuses it otherwise).
        __CHECKOUT_DEVELOPMENT_BUILD__: JSON.stringify(process.env[DEVELOPMENT_BUILD] === '1'),
      }),
      new HtmlWebpackPlugin({
        template: './index.html',
        // index.html places the page's script itself, before the hints that start Stripe.js and the
        // remote while the browser parses the page.
        inject: false,
        templateParameters: {
          stripeHint: env.stripeHint !== 'off',
          remoteHint: env.remoteHint !== 'off',
          checkoutManifest,
          checkoutOrigin: new URL(checkoutManifest).origin,
        },
      }),
      // The page's script is all called on load (React, the federation runtime, the page): Chromium
      // compiles it while it streams in, off the main thread (measured: docs/performance.md).
      ...(production ? [new CompileHintsPlugin({ entry: 'main', chunkGroups: [] })] : []),
      ...(production ? precompress() : []),
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
        const demo = demoMiddleware(`http://localhost:${HOST_PORT}`, checkoutManifest);
        // Express calls a middleware and drops what it returns: the demo's own failures end in its answers.
        middlewares.unshift({
          name: 'demo',
          middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void demo(req, res, next),
        });
        console.log(`\n  host example  http://localhost:${HOST_PORT}/   (demo switches at the bottom of the page)\n`);
        return middlewares;
      },
    },
  };
};
