// The `standalone` bench page: the one-tag recipe of docs/element.md (tests/e2e/hosts/element, the
// page the browser tests run) on a plain page with no bundler and no React, its preload pointed at
// the bench's remote. Like the recipe, it has no Stripe.js tag of its own: the element loads it. Its
// own code imports the host kit from vendor/host-kit/, the kit's own build (what a team serves from
// its package's dist/), which buildStandalonePage writes beside the recipe's files, compressed as
// every other file.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../serve/staticServer';
import { writeWithCompressedCopies } from '../webpack/precompress';
import { htmlHandler } from './hostPage';

const ROOT = path.resolve(__dirname, '..');
const RECIPE = path.join(ROOT, 'tests/e2e/hosts/element');
const HOST_KIT = path.join(ROOT, 'packages/host-kit');
/** Where the page's files are built: the recipe's scripts and vendor/host-kit/. */
export const STANDALONE_DIR = path.join(__dirname, 'dist', 'standalone');
/** The remote origin the recipe names, like a dev config. */
const CONFIGURED_REMOTE = 'http://localhost:3001';

export function standalonePage(remoteUrl: string): string {
  return readFileSync(path.join(RECIPE, 'index.html'), 'utf8').replaceAll(CONFIGURED_REMOTE, remoteUrl);
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

/** The recipe's scripts, and the host kit built by its own tsconfig into vendor/host-kit/, each with its .gz and .br. */
export function buildStandalonePage(): void {
  rmSync(STANDALONE_DIR, { recursive: true, force: true });
  cpSync(RECIPE, STANDALONE_DIR, { recursive: true, dereference: true, filter: (file) => !file.endsWith('.html') });
  const vendor = path.join(STANDALONE_DIR, 'vendor/host-kit');
  // The kit's types import @checkout/remote-types, whose declarations a clean checkout has not built yet.
  const types = spawnSync('npm', ['--prefix', path.join(ROOT, 'packages/remote-types'), 'run', 'build'], { encoding: 'utf8' });
  if (types.status !== 0) throw new Error(`@checkout/remote-types' build failed:\n${types.stdout}\n${types.stderr}`);
  const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
  const result = spawnSync(tsc, ['-p', path.join(HOST_KIT, 'tsconfig.json'), '--outDir', vendor, '--declaration', 'false'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The host kit's build failed:\n${result.stdout}\n${result.stderr}`);
  cpSync(path.join(HOST_KIT, 'src/checkoutFallback.css'), path.join(vendor, 'checkoutFallback.css'));
  for (const file of filesUnder(STANDALONE_DIR).filter((f) => /\.(js|css)$/.test(f))) writeWithCompressedCopies(file, readFileSync(file));
}

/** The page at `/`, the recipe's own scripts and the host kit next to it. */
export function serveStandalonePage(remoteUrl: string): Promise<StaticServer> {
  return startStaticServer({ root: STANDALONE_DIR, handle: htmlHandler(standalonePage(remoteUrl)) });
}
