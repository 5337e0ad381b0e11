// An Rspack host as in module-federation/vite's examples/vite-webpack-rspack/rspack: the enhanced
// plugin for Rspack, `react` and `react-dom` shared, the remote declared statically by its manifest;
// plus recipe 1's two settings for a remote that may be down (without them a stopped remote leaves
// the page blank with an uncaught RUNTIME-003).
const path = require('path');
const rspack = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

/** @type {import('@rspack/core').Configuration} */
module.exports = {
  context: __dirname,
  mode: 'production',
  entry: { main: './src/index.js' },
  output: { path: path.resolve(__dirname, 'dist'), publicPath: 'auto', clean: true },
  plugins: [
    new ModuleFederationPlugin({
      name: 'rspack_host',
      remotes: { checkout: 'checkout@http://localhost:3001/mf-manifest.json' },
      shared: ['react', 'react-dom'],
      shareStrategy: 'loaded-first', // the default, version-first, fetches every remote before the page starts
      // Only a release its publisher signed runs (your pinned key; a remote that never answers fails in 5 s):
      runtimePlugins: [
        [
          require.resolve('@checkout/host-kit/verifiedRelease'),
          { trust: { publisherKey: process.env.CHECKOUT_PUBLISHER_KEY }, reportUrl: '/monitoring/refused-script' },
        ],
      ],
      // Unverified, whatever the remote's origin serves runs: [require.resolve('@checkout/host-kit/remoteTimeout')]
      dts: false,
    }),
    new rspack.HtmlRspackPlugin({ template: '../app/index.html' }),
  ],
};
