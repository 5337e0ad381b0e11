// The server half as the framework hosts install it: the `@checkout/server` package. When the
// repository packs it (`npm run pack:server`, which prints the tarball's path), that tarball,
// unpacked; until then the same entry (`server/index.ts`) and the files it reaches, compiled to
// CommonJS one file at a time, under that name. Built once per hash of its inputs into
// .tmp/e2e/builds/server-package-<hash>/package/.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import ts from 'typescript';
import { filesUnder, hashOf, once, run } from './buildCache';
import { E2E_TMP, ROOT } from './env';
import rootPackage from '../../../package.json';

export const SERVER_PACKAGE = '@checkout/server';
const ENTRY = path.join(ROOT, 'server/index.ts');

const packScript = (): boolean => 'pack:server' in (rootPackage.scripts as Record<string, string>);

/** Every source file `entry` reaches through relative imports (import, export … from, require, import()). */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)'(\.{1,2}\/[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate) && !candidate.endsWith('.d.ts') && !readdirSafe(candidate));
      if (found) visit(found);
    }
  };
  visit(entry);
  return [...seen];
}
const readdirSafe = (file: string) => {
  try {
    readdirSync(file);
    return true;
  } catch {
    return false;
  }
};

/** The files the package is made of, for its hash. */
function inputs(): string[] {
  if (!packScript()) return reachable(ENTRY);
  return [...filesUnder(path.join(ROOT, 'server')), ...filesUnder(path.join(ROOT, 'packages/server')), ...filesUnder(path.join(ROOT, 'src/core')), path.join(ROOT, 'package.json')];
}

/** Compiled one file at a time (no type check: `tsc --noEmit` is its own step), paths kept relative to the repository. */
function compile(files: string[], out: string): void {
  for (const file of files) {
    const target = path.join(out, path.relative(ROOT, file)).replace(/\.tsx?$/, '.js');
    mkdirSync(path.dirname(target), { recursive: true });
    if (file.endsWith('.js')) {
      copyFileSync(file, target);
      continue;
    }
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, jsx: ts.JsxEmit.ReactJSX },
    });
    writeFileSync(target, outputText);
  }
}

/** The unpacked package's folder (its package.json at the top), built if needed. */
export async function serverPackage(): Promise<{ dir: string; seconds: number }> {
  const final = path.join(E2E_TMP, 'builds', `server-package-${hashOf([packScript() ? 'pack' : 'compiled'], inputs())}`);
  const built = await once(final, `packed ${SERVER_PACKAGE}`, async (work) => {
    const pkg = path.join(work, 'package');
    if (packScript()) {
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'pack:server'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
      const tarball = stdout.trim().split('\n').pop() ?? '';
      if (!tarball.endsWith('.tgz') || !existsSync(tarball)) throw new Error(`npm run pack:server printed no tarball: ${stdout.slice(-400)}`);
      await run('tar', ['-xzf', tarball, '-C', work], work, `unpacking ${tarball}`, process.env);
      return;
    }
    compile(inputs(), pkg);
    const { dependencies = {}, devDependencies = {} } = rootPackage as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const versions: Record<string, string> = { ...devDependencies, ...dependencies };
    const used = ['stripe', '@electric-sql/pglite', 'pg', 'proxy-addr', '@remix-run/node-fetch-server'].filter((name) => versions[name]);
    writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({ name: SERVER_PACKAGE, version: '0.0.0-e2e', private: true, main: 'server/index.js', dependencies: Object.fromEntries(used.map((name) => [name, versions[name]])) }, null, 2),
    );
  });
  return { dir: path.join(built.dir, 'package'), seconds: built.seconds };
}
