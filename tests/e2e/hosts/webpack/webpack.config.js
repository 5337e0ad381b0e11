// A webpack host with webpack's own ModuleFederationPlugin (no @module-federation package), as in
// webpack's documentation: the remote's remoteEntry.js, `react` and `react-dom` shared as singletons.
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
      remotes: { checkout: 'checkout@http://localhost:3001/remoteEntry.js' },
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
    }),
    new HtmlWebpackPlugin({ template: '../app/index.html' }),
  ],
};
