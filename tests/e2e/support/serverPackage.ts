// The server half as the framework hosts install it: the tarball `npm run pack:server` makes (it
// prints its path), unpacked once per hash of its inputs into
// .tmp/e2e/builds/server-package-<hash>/package/.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { filesUnder, hashOf, once, run } from './buildCache';
import { E2E_TMP, ROOT } from './env';

export const SERVER_PACKAGE = '@checkout/server';

/** What the package is made of: the server half, the two modules of src/core it imports, its package folder. */
const inputs = () => [
  ...filesUnder(path.join(ROOT, 'server')),
  ...filesUnder(path.join(ROOT, 'packages/server')),
  ...filesUnder(path.join(ROOT, 'src/core')),
  ...filesUnder(path.join(ROOT, 'src/i18n')),
];

async function pack(): Promise<{ dir: string; seconds: number }> {
  const final = path.join(E2E_TMP, 'builds', `server-package-${hashOf([], inputs())}`);
  const built = await once(final, `packed ${SERVER_PACKAGE}`, async (work) => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'pack:server'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    const tarball = stdout.trim().split('\n').pop() ?? '';
    if (!tarball.endsWith('.tgz') || !existsSync(tarball)) throw new Error(`npm run pack:server printed no tarball: ${stdout.slice(-400)}`);
    await run('tar', ['-xzf', tarball, '-C', work], work, `unpacking ${tarball}`, process.env);
  });
  return { dir: path.join(built.dir, 'package'), seconds: built.seconds };
}

let packing: Promise<{ dir: string; seconds: number }> | null = null;

/** The unpacked package's folder (its package.json at the top), packed once per set-up (the hosts ask at once). */
export function serverPackage(): Promise<{ dir: string; seconds: number }> {
  return (packing ??= pack());
}
