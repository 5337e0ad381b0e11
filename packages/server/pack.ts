// `npm run pack:server`: the server half compiled to JavaScript with its declarations (tsconfig.json
// here), stamped with its release (name, version, commit, build time: server/release.ts reads it),
// packed as @checkout/server into .tmp/packages/ for hosts to install. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRelease } from '../../release/release';

const ROOT = path.resolve(__dirname, '../..');
const HERE = __dirname;
export const PACKAGES_OUT = path.join(ROOT, '.tmp/packages');

/**
 * Builds in a folder of its own and moves the tarball in at the end, so two packs at once (the test
 * lanes of `npm test`) never see each other's half-written files.
 */
export function packServer(): string {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const stage = mkdtempSync(path.join(ROOT, '.tmp/server-package-'));
  try {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', path.join(HERE, 'tsconfig.json'), '--outDir', path.join(stage, 'dist')],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    for (const file of ['package.json', 'CHANGELOG.md']) copyFileSync(path.join(HERE, file), path.join(stage, file));
    const pkg = JSON.parse(readFileSync(path.join(HERE, 'package.json'), 'utf8')) as { name: string; version: string };
    const release = { ...readRelease(ROOT), name: pkg.name, version: pkg.version };
    writeFileSync(path.join(stage, 'dist/server/release.json'), `${JSON.stringify(release, null, 2)}\n`);
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', stage], { cwd: stage, encoding: 'utf8' });
    const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
    mkdirSync(PACKAGES_OUT, { recursive: true });
    renameSync(path.join(stage, filename), path.join(PACKAGES_OUT, filename));
    return path.join(PACKAGES_OUT, filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (require.main === module) console.log(packServer());
