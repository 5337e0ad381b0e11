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
  const env = { WEBPACK_BUNDLE: true, WEBPACK_BUILD: true };
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

async function main(): Promise<void> {
  const out = JSON.parse(process.env.E2E_BUILD ?? '') as {
    remote?: string;
    host?: string;
    hostExample?: string;
  };
  if (out.remote) await run('remote', configFor(path.join(ROOT, 'webpack.config.ts'), path.join(ROOT, 'dist')), out.remote);
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
