// The bench pages, all the host example's own production build (host-example/webpack.config.ts):
// `federated` as it is, pointed at the bench's remote; `direct` the same page with the remote
// replaced by the button bundled from source (directCheckout.ts) and no federation at all;
// `unverified` the federated page with the host example's verification turned off
// (unverifiedCheckout.ts): `federated` is the verified page, as the host example is; `now` the
// federated page whose remote scripts do not wait for the page's `load` (scriptsNow.ts).
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack, { type Configuration } from 'webpack';
import hostExample, { type HostEnv } from '../host-example/webpack.config';
import { BENCH_MANIFEST_URL, benchSigningKey } from './remote';

type Variant = 'direct' | 'federated' | 'unverified' | 'now';

function host(name: Variant, env: HostEnv = {}): Configuration {
  const { devServer: _devServer, ...config } = hostExample(
    // The page trusts the key the bench's release is signed with (bench/run.ts builds the remote so).
    { checkoutManifest: BENCH_MANIFEST_URL, checkoutPublisherKey: benchSigningKey().publicKey, ...env },
    { mode: 'production' },
  );
  // Hidden source maps: served bytes unchanged, and the main-thread breakdown can name each function's package.
  return { ...config, name, devtool: 'hidden-source-map', output: { ...config.output, path: path.resolve(__dirname, 'dist', name) } };
}

/** The module `pattern` names replaced by `replacement`, except where the replacement itself imports it. */
function replaceModule(pattern: RegExp, replacement: string) {
  return new webpack.NormalModuleReplacementPlugin(pattern, (data: webpack.ResolveData) => {
    if (data.contextInfo.issuer === replacement) return;
    if (data.createData.resource) data.createData.resource = replacement;
    else data.request = replacement;
  });
}

/** host-example/src/checkoutRemote.ts replaced by `replacement`. */
const replaceCheckoutRemote = (replacement: string) => replaceModule(/[\\/]checkoutRemote(\.ts)?$/, replacement);

function direct(): Configuration {
  // No remote: nothing of it to preload.
  const config = host('direct', { remoteHint: 'off' });
  const plugins = (config.plugins ?? []).filter((plugin) => !(plugin instanceof ModuleFederationPlugin));
  plugins.push(replaceCheckoutRemote(path.resolve(__dirname, 'directCheckout.ts')));
  return {
    ...config,
    plugins,
    // Without federation there is no async boundary to keep: the page is one file, as a bundled app's.
    module: { ...config.module, parser: { javascript: { dynamicImportMode: 'eager' } } },
  };
}

function unverified(): Configuration {
  const config = host('unverified');
  return { ...config, plugins: [...(config.plugins ?? []), replaceCheckoutRemote(path.resolve(__dirname, 'unverifiedCheckout.ts'))] };
}

function now(): Configuration {
  const config = host('now');
  const kitModule = replaceModule(/[\\/]afterPageLoad(\.[jt]s)?$/, path.resolve(__dirname, 'scriptsNow.ts'));
  return { ...config, plugins: [...(config.plugins ?? []), kitModule] };
}

export default [host('federated'), direct(), unverified(), now()];
