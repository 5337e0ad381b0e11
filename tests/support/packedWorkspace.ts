// The one way the packages of packages/* are packed, for the tests as for a release: `npm pack
// --workspace packages/<name>` (each package's `prepack` builds its dist/), once per hash of its
// inputs, into .tmp/packages/<name>-<hash>/ with the tarball unpacked beside it (`package/`, what an
// install puts in node_modules). The unit and browser lanes of `npm test` ask at once: a lock folder
// makes the second wait for the first's tarball instead of building into the same dist/.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder, hashOf, once, prune, run } from '../e2e/support/buildCache';
import { ROOT, alive } from '../e2e/support/env';

export const PACKAGES_TMP = path.join(ROOT, '.tmp/packages');

/** Each workspace and what its tarball is built from (besides the root LICENSE). */
const INPUTS = {
  // The kit's build builds the remote's types it imports, from the remote's sources.
  'host-kit': ['packages/host-kit', 'packages/remote-types', 'src/core', 'src/element'],
  server: ['packages/server', 'server', 'src/core', 'src/i18n', 'release/release.ts'],
  'remote-types': ['packages/remote-types', 'src/core', 'src/element'],
} as const;
export type Workspace = keyof typeof INPUTS;
export const WORKSPACES = Object.keys(INPUTS) as Workspace[];

export interface PackedWorkspace {
  /** The `.tgz` `npm pack` wrote. */
  tarball: string;
  /** Its contents: the package's folder as installed. */
  dir: string;
  name: string;
  version: string;
}

const LOCK_WAIT_MS = 300_000;

/** Runs `work` while holding .tmp/packages/<name>.lock; a lock whose process is gone is taken over. */
async function locked<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(PACKAGES_TMP, `${name}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
      } catch {
        // Just taken: its holder has not written its pid yet.
      }
      if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`${lock} is still held by process ${holder} after ${LOCK_WAIT_MS / 1000} s`, { cause: error });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function inputsOf(workspace: Workspace): string[] {
  const files = INPUTS[workspace].flatMap((entry) => {
    const full = path.join(ROOT, entry);
    return entry.endsWith('.ts') ? [full] : filesUnder(full);
  });
  // The LICENSE copy a pack leaves in the package's folder is the root one, hashed once.
  return [...files.filter((file) => path.basename(file) !== 'LICENSE'), path.join(ROOT, 'LICENSE')];
}

/** The workspace packed and unpacked, reused while its inputs are unchanged. */
export async function packWorkspace(workspace: Workspace): Promise<PackedWorkspace> {
  mkdirSync(PACKAGES_TMP, { recursive: true });
  const final = path.join(PACKAGES_TMP, `${workspace}-${hashOf([workspace], inputsOf(workspace))}`);
  // One lock for every package: the kit's build also builds the types' declarations it imports.
  const { dir } = await locked('pack', () =>
    once(final, `packed packages/${workspace}`, async (work) => {
      const npmArgs = ['pack', '--workspace', `packages/${workspace}`, '--pack-destination', work, '--loglevel=error'];
      await run('npm', npmArgs, ROOT, `npm pack of packages/${workspace}`, process.env);
      const [tarball] = readdirSync(work).filter((name) => name.endsWith('.tgz'));
      await run('tar', ['-xzf', tarball, '-C', work], work, `unpacking ${tarball}`, process.env);
    }),
  );
  prune(PACKAGES_TMP, (name) => (name.startsWith(`${workspace}-`) ? workspace : null), new Set([path.basename(final)]));
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'))!;
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package/package.json'), 'utf8')) as { name: string; version: string };
  return { tarball: path.join(dir, tarball), dir: path.join(dir, 'package'), name: pkg.name, version: pkg.version };
}
