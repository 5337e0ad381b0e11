// The Rspack host of ./rspack, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin only shares `react` and `react-dom`.
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
      dts: false,
    }),
    new rspack.HtmlRspackPlugin({ template: '../app/index.html' }),
  ],
};
