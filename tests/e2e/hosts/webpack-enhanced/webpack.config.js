// The README's recipe 1, a webpack host with a static remote: the enhanced plugin, `react` and
// `react-dom` shared as the Module Federation docs show, the remote declared by its manifest.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

module.exports = {
  mode: 'production',
  entry: './src/index.js',
  output: { path: path.resolve(__dirname, 'dist'), publicPath: 'auto', clean: true },
  plugins: [
    new ModuleFederationPlugin({
      name: 'webpack_enhanced_host',
      remotes: { checkout: 'checkout@http://localhost:3001/mf-manifest.json' },
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
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
    new HtmlWebpackPlugin({ template: '../app/index.html' }),
  ],
};
