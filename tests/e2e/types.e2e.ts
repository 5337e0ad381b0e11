// A TypeScript host with no federation type plugin (Vite, Rsbuild, the runtime alone) compiles
// against the types the remote publishes, fetched the way such a host gets them (manifest →
// metaData.types.zip, over HTTP) and unzipped into @mf-types/checkout/, with the fixture's own
// tsconfig.json (a `paths` entry for `checkout/*`); a wrong prop fails to compile.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import ts from 'typescript';
import { readE2EEnv } from './support/env';

const env = readE2EEnv();
const FIXTURE = path.join(__dirname, 'fixtures/types-host');
const TYPES_DIR = path.join(FIXTURE, '@mf-types/checkout');

/** tsc over the fixture's tsconfig.json, on `file` instead of its `files`. */
function compile(file: string): string[] {
  const configFile = path.join(FIXTURE, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent({ ...config, files: [file] }, ts.sys, FIXTURE, undefined, configFile);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const maybe = env.available ? describe : describe.skip;

maybe('the published types (@mf-types.zip)', () => {
  let zip: AdmZip;
  beforeAll(async () => {
    const manifest = await (await fetch(env.manifestUrl!)).json();
    expect(manifest.metaData.types.zip).toBe('@mf-types.zip');
    const zipUrl = new URL(manifest.metaData.types.zip, env.manifestUrl);
    const response = await fetch(zipUrl);
    expect(response.status).toBe(200);
    rmSync(TYPES_DIR, { recursive: true, force: true });
    mkdirSync(TYPES_DIR, { recursive: true });
    zip = new AdmZip(Buffer.from(await response.arrayBuffer()));
    zip.extractAllTo(TYPES_DIR, true);
  });

  it("the zip's files sit at its top level, one declaration file per exposed module (what the paths entry maps)", () => {
    const top = zip
      .getEntries()
      .map((e) => e.entryName)
      .filter((name) => !name.includes('/'));
    expect(top).toEqual(expect.arrayContaining(['CheckoutButton.d.ts', 'mount.d.ts', 'stripeScript.d.ts']));
  });

  it('a TypeScript host compiles: correct usage passes and every @ts-expect-error is a real error', () => {
    expect(compile('consumer.tsx')).toEqual([]);
  });

  it('a wrong prop fails to compile when it is not marked', () => {
    const errors = compile('unmarked.tsx');
    expect(errors.join('\n')).toMatch(/"popup"/);
  });
});
