// A webpack host with the enhanced plugin, sharing `react` and `react-dom` only, as the Module
// Federation docs show; the remote declared statically by its manifest.
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
      dts: false,
    }),
    new HtmlWebpackPlugin({ template: '../app/index.html' }),
  ],
};
