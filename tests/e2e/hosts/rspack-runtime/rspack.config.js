// The Rspack host of ./rspack, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin shares `react` and `react-dom`, and runs only a release its publisher signed.
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
      name: 'rspack_runtime_host',
      shared: ['react', 'react-dom'],
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
