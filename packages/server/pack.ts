// `npm run pack:server`: the server half compiled to JavaScript with its declarations (tsconfig.json
// here), stamped with its release (name, version, commit, build time: server/release.ts reads it),
// packed as @checkout/server into .tmp/packages/ for hosts to install. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRelease } from '../../release/release';

const ROOT = path.resolve(__dirname, '../..');
const HERE = __dirname;
export const PACKAGES_OUT = path.join(ROOT, '.tmp/packages');

export function packServer(): string {
  rmSync(path.join(HERE, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(HERE, 'tsconfig.json')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const pkg = JSON.parse(readFileSync(path.join(HERE, 'package.json'), 'utf8')) as { name: string; version: string };
  const release = { ...readRelease(ROOT), name: pkg.name, version: pkg.version };
  writeFileSync(path.join(HERE, 'dist/server/release.json'), `${JSON.stringify(release, null, 2)}\n`);
  mkdirSync(PACKAGES_OUT, { recursive: true });
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', PACKAGES_OUT], { cwd: HERE, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
  return path.join(PACKAGES_OUT, filename);
}

if (require.main === module) console.log(packServer());
