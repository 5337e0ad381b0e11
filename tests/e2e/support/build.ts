// Builds the production remote (and a copy of it under another name) and the host example, one after
// the other (2 cores), from their own webpack configs, each into the directory the global setup gives.
// Run in a child process with ts-node (the configs are TypeScript):
//   node -r ts-node/register build.ts   with E2E_BUILD='{"remote"?:dir,"remoteCopy"?:dir,"host"?:dir,"integration"?:dir,"integrationEmbedded"?:dir,"previous"?:{"root":tree,"out":dir}}'
// (`previous`: an older release's tree, e.g. from `git archive`, built with its own webpack config.)
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { CONFIGURED_REMOTE_ORIGIN } from './env';
import { buildPublisherKey } from './releaseCdn';

const ROOT = path.resolve(__dirname, '../../..');

type ConfigExport =
  Configuration | Configuration[] | ((env: Record<string, unknown>, argv: Record<string, unknown>) => Configuration | Configuration[]);

function loadConfigs(file: string, extraEnv: Record<string, unknown>): Configuration[] {
  const mod = require(file) as { default?: ConfigExport } & ConfigExport;
  const exported = mod.default ?? mod;
  const env = { WEBPACK_BUNDLE: true, WEBPACK_BUILD: true, ...extraEnv };
  const result = typeof exported === 'function' ? exported(env, { mode: 'production', env }) : exported;
  return Array.isArray(result) ? result : [result];
}

/** The configs whose own output directory is `outputDir` (the remote's two: federated, and the one-tag element). */
function configsFor(file: string, outputDir: string, extraEnv: Record<string, unknown> = {}): Configuration[] {
  const found = loadConfigs(file, extraEnv).filter((c) => path.resolve(c.output?.path ?? '') === outputDir);
  if (!found.length) throw new Error(`${path.relative(ROOT, file)} has no configuration writing to ${path.relative(ROOT, outputDir)}`);
  return found;
}

/** One after the other (2 cores), into one directory: each config's clean keeps the other's files. */
async function runAll(name: string, configs: Configuration[], outputDir: string): Promise<void> {
  for (const config of configs) await run(configs.length > 1 ? `${name} (${config.name})` : name, config, outputDir);
}

function run(name: string, config: Configuration, outputDir: string): Promise<void> {
  const started = Date.now();
  const compiler = webpack({ ...config, mode: 'production', output: { ...config.output, path: outputDir } });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) return reject(error);
        if (!stats || stats.hasErrors()) {
          return reject(new Error(`${name} build failed:\n${stats?.toString({ all: false, errors: true, colors: false })}`));
        }
        process.stderr.write(`e2e: built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
        resolve();
      });
    });
  });
}

/**
 * A build only the tests load, never measured nor served to nginx: no source maps and no .br/.gz
 * copies (brotli at its best quality, on every file), which only devtools and the byte checks of
 * today's remote read. The code is the same production build.
 */
function forTestsOnly(config: Configuration): Configuration {
  const plugins = (config.plugins ?? []).filter((plugin) => plugin?.constructor?.name !== 'CompressionPlugin');
  return { ...config, devtool: false, plugins };
}

/** The name of the second copy of the remote some scenarios load next to the first. */
export const REMOTE_COPY_NAME = 'checkout_copy';
/** The name the previous release is built under, to run beside today's on one page. */
export const PREVIOUS_RELEASE_NAME = 'checkout_previous';

/**
 * The remote's own config, built as another remote would be: another container name and chunk
 * namespace, no types. What a page gets when two teams ship two builds of this remote.
 */
function asCopy(config: Configuration, name = REMOTE_COPY_NAME): Configuration {
  type MfPlugin = { _options: Record<string, unknown>; constructor: new (options: Record<string, unknown>) => unknown };
  // A copy is no release: the release inventory's plugin (a plain object) looks for the entry by the
  // release's container name, and the copy renames it.
  const plugins = (config.plugins ?? [])
    .filter((plugin) => plugin?.constructor !== Object)
    .map((plugin) => {
      const mf = plugin as unknown as MfPlugin;
      if (plugin?.constructor?.name !== 'ModuleFederationPlugin' || !mf._options) return plugin;
      return new mf.constructor({ ...mf._options, name, dts: false }) as typeof plugin;
    });
  return { ...config, plugins, output: { ...config.output, uniqueName: name } };
}

async function main(): Promise<void> {
  const out = JSON.parse(process.env.E2E_BUILD ?? '') as Partial<
    Record<'remote' | 'remoteCopy' | 'host' | 'integration' | 'integrationEmbedded', string>
  > & { previous?: { root: string; out: string } };
  const remoteConfigs = () => configsFor(path.join(ROOT, 'webpack.config.ts'), path.join(ROOT, 'dist'));
  if (out.remote) await runAll('remote', remoteConfigs(), out.remote);
  if (out.remoteCopy)
    await runAll(
      `remote copy (${REMOTE_COPY_NAME})`,
      remoteConfigs().map((c) => forTestsOnly(asCopy(c))),
      out.remoteCopy,
    );
  if (out.previous) {
    // Its federated build only (not its one-tag element), resolved from its own tree (webpack's
    // context defaults to the working directory, which is today's).
    const { root } = out.previous;
    const federated = configsFor(path.join(root, 'webpack.config.ts'), path.join(root, 'dist')).filter((c) => c.name === 'remote');
    await runAll(
      `previous release (${PREVIOUS_RELEASE_NAME})`,
      federated.map((c) => ({ ...forTestsOnly(asCopy(c, PREVIOUS_RELEASE_NAME)), context: root })),
      out.previous.out,
    );
  }
  if (out.host) {
    // Without the page's own early requests for Stripe.js and the remote: the scenarios answer and
    // count each request the loader makes, and the remote is not where the build thinks it is.
    // It verifies the remote (by default): it pins the key the remote's build is signed with.
    const configs = configsFor(path.join(ROOT, 'host-example/webpack.config.ts'), path.join(ROOT, 'host-example/dist'), {
      stripeHint: 'off',
      remoteHint: 'off',
      checkoutPublisherKey: buildPublisherKey(),
    });
    await runAll('host example', configs.map(forTestsOnly), out.host);
  }
  // The integration alone (host-example/src, `--env demo=off`), as a team copies and builds it: its
  // page's own early requests kept, the remote at a dev config's URL (the tests answer that origin).
  const hostConfig = path.join(ROOT, 'host-example/webpack.config.ts');
  const integration = (checkoutMode: string) =>
    configsFor(hostConfig, path.join(ROOT, 'host-example/dist'), {
      demo: 'off',
      checkoutMode,
      checkoutManifest: `${CONFIGURED_REMOTE_ORIGIN}/mf-manifest.json`,
      checkoutPublisherKey: buildPublisherKey(),
    }).map(forTestsOnly);
  if (out.integration) await runAll('host example integration (redirect)', integration('redirect'), out.integration);
  if (out.integrationEmbedded) await runAll('host example integration (embedded)', integration('embedded'), out.integrationEmbedded);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
