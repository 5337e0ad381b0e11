// The webpack host of ./webpack (webpack's own plugin), with the remote loaded at runtime as in
// webpack's "Dynamic Remote Containers" (src/bootstrap.js): the plugin only shares React.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('webpack').container;

module.exports = {
  mode: 'production',
  entry: './src/index.js',
  output: { path: path.resolve(__dirname, 'dist'), publicPath: 'auto', clean: true },
  plugins: [
    new ModuleFederationPlugin({
      name: 'webpack_runtime_host',
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
    }),
    new HtmlWebpackPlugin({ template: '../app/index.html' }),
  ],
};
