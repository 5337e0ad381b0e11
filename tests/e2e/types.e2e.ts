// A TypeScript host compiles against the types the remote publishes, downloaded the way a
// host gets them (manifest → metaData.types.zip, over HTTP), and a wrong prop fails to compile.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import ts from 'typescript';
import { E2E_TMP, readE2EEnv } from './support/env';

const env = readE2EEnv();
const FIXTURE = path.join(__dirname, 'fixtures/types-host');
const TYPES_DIR = path.join(E2E_TMP, 'types-host/@mf-types/checkout');

function compile(file: string): string[] {
  const program = ts.createProgram([path.join(FIXTURE, file)], {
    strict: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2020,
    lib: ['lib.dom.d.ts', 'lib.es2022.d.ts'],
    types: [],
    skipLibCheck: true,
    paths: { 'checkout/*': [`${TYPES_DIR}/*`] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const maybe = env.available ? describe : describe.skip;

maybe('the published types (@mf-types.zip)', () => {
  beforeAll(async () => {
    const manifest = await (await fetch(env.manifestUrl!)).json();
    expect(manifest.metaData.types.zip).toBe('@mf-types.zip');
    const zipUrl = new URL(manifest.metaData.types.zip, env.manifestUrl);
    const response = await fetch(zipUrl);
    expect(response.status).toBe(200);
    rmSync(TYPES_DIR, { recursive: true, force: true });
    mkdirSync(TYPES_DIR, { recursive: true });
    new AdmZip(Buffer.from(await response.arrayBuffer())).extractAllTo(TYPES_DIR, true);
  });

  it('a TypeScript host compiles: correct usage passes and every @ts-expect-error is a real error', () => {
    expect(compile('consumer.tsx')).toEqual([]);
  });

  it('a wrong prop fails to compile when it is not marked', () => {
    const errors = compile('unmarked.tsx');
    expect(errors.join('\n')).toMatch(/"popup"/);
  });
});
