// The Rspack host of ./rspack, with the remote registered at runtime (src/bootstrap.js) instead of
// declared here: the plugin shares `react` and `react-dom`, and bounds the remote's requests.
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
      runtimePlugins: [require.resolve('@checkout/host-kit/remoteTimeout')], // a remote that never answers fails in 5 s
      dts: false,
    }),
    new rspack.HtmlRspackPlugin({ template: '../app/index.html' }),
  ],
};
