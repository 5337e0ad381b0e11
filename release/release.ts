// The release a build is: the package version, the git commit it was built from, and when. Stamped
// into mf-manifest.json's metadata and into the code (`remoteRelease`), so a host can log which
// remote it runs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler, WebpackPluginInstance } from 'webpack';
import type { RemoteRelease } from '../src/core/types';

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * `RELEASE_COMMIT` wins (a CI that builds from an exported tree); otherwise `git rev-parse HEAD`,
 * with `-dirty` when the tree has uncommitted changes (the build is not that commit), and
 * `unknown` outside a git checkout. `SOURCE_DATE_EPOCH` (seconds) fixes the build time, for
 * reproducible builds.
 */
export function readRelease(root: string, env: NodeJS.ProcessEnv = process.env, now: () => Date = () => new Date()): RemoteRelease {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  let commit = env.RELEASE_COMMIT?.trim() || git(root, ['rev-parse', 'HEAD']);
  if (commit && !env.RELEASE_COMMIT && git(root, ['status', '--porcelain', '--untracked-files=no'])) commit += '-dirty';
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const builtAt = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : now();
  return { name: 'checkout', version: pkg.version, commit: commit || 'unknown', builtAt: builtAt.toISOString() };
}

/** `manifest.additionalData` for the federation plugin: adds the release to the stats' metaData, which the manifest copies. */
export function stampManifest(release: RemoteRelease) {
  return ({ stats }: { stats: { metaData: object } }): void => {
    const metaData = stats.metaData as { buildInfo?: { buildVersion?: string }; release?: RemoteRelease };
    metaData.release = release;
    if (metaData.buildInfo) metaData.buildInfo.buildVersion = release.version;
  };
}

/** The release as the constant `__CHECKOUT_RELEASE__` in the code (read by src/core/release.ts). */
export function defineRelease(release: RemoteRelease): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      new compiler.webpack.DefinePlugin({ __CHECKOUT_RELEASE__: JSON.stringify(release) }).apply(compiler);
    },
  };
}
