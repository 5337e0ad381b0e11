// A TypeScript host that registers the remote only at runtime gets typed `checkout/*` modules: its
// production build (fixtures/runtime-types-host/webpack.config.ts) downloads @mf-types.zip from the
// served remote through `dts.consumeTypes.remoteTypeUrls`, and tsc compiles its code with the
// fixture's own tsconfig.json (a `paths` entry for `checkout/*`).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { E2E_TMP, ROOT, readE2EEnv } from './support/env';

const env = readE2EEnv();
const FIXTURE = path.join(__dirname, 'fixtures/runtime-types-host');
const TYPES = path.join(FIXTURE, '@mf-types');

/** tsc over the fixture's tsconfig.json, with `paths` overridden when given. */
function compile(paths?: Record<string, string[]>): string[] {
  const configFile = path.join(FIXTURE, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, FIXTURE, paths ? { paths } : undefined, configFile);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const maybe = env.available ? describe : describe.skip;

maybe('types for a host that registers the remote at runtime', () => {
  beforeAll(() => {
    rmSync(TYPES, { recursive: true, force: true });
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '-c', path.join(FIXTURE, 'webpack.config.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', CHECKOUT_URL: env.remoteUrl, E2E_OUT: path.join(E2E_TMP, 'runtime-types-host') },
        encoding: 'utf8',
        timeout: 110_000,
      },
    );
    if (result.status !== 0)
      throw new Error(
        `the runtime types host did not build (${result.error ?? `exit ${result.status}`}):\n${result.stderr}\n${result.stdout}`,
      );
  }, 120_000);

  it('its production build downloads the types, and its code compiles: correct usage passes, each @ts-expect-error is a real error', () => {
    expect(existsSync(path.join(TYPES, 'checkout/CheckoutButton.d.ts'))).toBe(true);
    expect(compile()).toEqual([]);
  });

  it('without the downloaded types the same code does not compile', () => {
    expect(compile({ 'checkout/*': ['./no-types/*'] }).join('\n')).toMatch(/checkout\/CheckoutButton/);
  });
});
