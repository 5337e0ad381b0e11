// A webpack host with webpack's own ModuleFederationPlugin (no @module-federation package), as in
// webpack's documentation: `react` and `react-dom` shared as singletons, the remote's remoteEntry.js
// named at build time, loaded when the page first asks for the button.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('webpack').container;

module.exports = {
  mode: 'production',
  entry: './src/index.js',
  output: { path: path.resolve(__dirname, 'dist'), publicPath: 'auto', clean: true },
  plugins: [
    new ModuleFederationPlugin({
      name: 'webpack_host',
      // Not 'checkout@<url>/remoteEntry.js': webpack initialises every remote before the page's first
      // shared module, so a remote that is down would hold the page. A container of the page's own
      // (src/checkoutContainer.js, a global, webpack's `var` remote type) loads it on first use.
      remotes: { checkout: 'var checkoutContainer' },
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
    }),
    new HtmlWebpackPlugin({ template: '../app/index.html' }),
  ],
};
