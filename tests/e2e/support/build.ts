// Builds the production remote, the test host and (once it exists) the host example, one after the
// other (2 cores), from their own webpack configs, each into the directory the global setup gives.
// Run in a child process with ts-node (the configs are TypeScript):
//   node -r ts-node/register build.ts   with E2E_BUILD='{"remote"?:dir,"host"?:dir,"hostExample"?:dir}'
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';

const ROOT = path.resolve(__dirname, '../../..');

type ConfigExport = Configuration | Configuration[] | ((env: Record<string, unknown>, argv: Record<string, unknown>) => Configuration | Configuration[]);

function loadConfigs(file: string): Configuration[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { default?: ConfigExport } & ConfigExport;
  const exported = (mod.default ?? mod) as ConfigExport;
  // The host example's HTML starts neither Stripe.js nor the remote here: the scenarios script every
  // request for them, and the e2e remote is on a port the build cannot know.
  const env = { WEBPACK_BUNDLE: true, WEBPACK_BUILD: true, stripeHint: 'off', remoteHint: 'off' };
  const result = typeof exported === 'function' ? exported(env, { mode: 'production', env }) : exported;
  return Array.isArray(result) ? result : [result];
}

/** The config whose own output directory is `outputDir` (a root config may one day build both apps). */
function configFor(file: string, outputDir: string): Configuration {
  const found = loadConfigs(file).find((c) => path.resolve(c.output?.path ?? '') === outputDir);
  if (!found) throw new Error(`${path.relative(ROOT, file)} has no configuration writing to ${path.relative(ROOT, outputDir)}`);
  return found;
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

/** The name of the second copy of the remote some scenarios load next to the first. */
export const REMOTE_COPY_NAME = 'checkout_copy';

/**
 * The remote's own config, built as another remote would be: another container name and chunk
 * namespace, no types. What a page gets when two teams ship two builds of this remote.
 */
function asCopy(config: Configuration): Configuration {
  type MfPlugin = { _options: Record<string, unknown>; constructor: new (options: Record<string, unknown>) => unknown };
  const plugins = (config.plugins ?? []).map((plugin) => {
    const mf = plugin as unknown as MfPlugin;
    if (plugin?.constructor?.name !== 'ModuleFederationPlugin' || !mf._options) return plugin;
    return new mf.constructor({ ...mf._options, name: REMOTE_COPY_NAME, dts: false }) as typeof plugin;
  });
  return { ...config, plugins, output: { ...config.output, uniqueName: REMOTE_COPY_NAME } };
}

async function main(): Promise<void> {
  const out = JSON.parse(process.env.E2E_BUILD ?? '') as {
    remote?: string;
    remoteCopy?: string;
    host?: string;
    hostExample?: string;
  };
  if (out.remote) await run('remote', configFor(path.join(ROOT, 'webpack.config.ts'), path.join(ROOT, 'dist')), out.remote);
  if (out.remoteCopy) {
    const config = asCopy(configFor(path.join(ROOT, 'webpack.config.ts'), path.join(ROOT, 'dist')));
    await run(`remote copy (${REMOTE_COPY_NAME})`, config, out.remoteCopy);
  }
  if (out.host) {
    const file = path.join(ROOT, 'tests/e2e/fixtures/host/webpack.config.ts');
    await run('test host', configFor(file, path.join(ROOT, 'tests/e2e/fixtures/host/dist')), out.host);
  }
  if (out.hostExample) {
    const file = path.join(ROOT, 'host-example/webpack.config.ts');
    await run('host example', configFor(file, path.join(ROOT, 'host-example/dist')), out.hostExample);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
