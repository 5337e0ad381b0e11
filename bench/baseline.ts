// `npm run bench -- --baseline <rev>`: another commit's pages measured in the same interleaved rounds
// as ours, so a regression reads as a same-run ratio on a machine whose noise moves every figure
// between runs. The commit gets a git worktree under .tmp/bench-baseline/<sha>, its own install
// (our node_modules hard-linked when its lockfile is ours, else `npm ci`), and its own build by its
// own bench configs (baselineServe.ts), each cached by commit; its remote is served on a port of its
// own, which its build bakes in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { BaselineUrls, ComparedPage } from './baselineServe';
import { WALLET_SESSION_MS } from './walletsPage';

export type { BaselineUrls, ComparedPage };

const ROOT = path.resolve(__dirname, '..');
const SERVE = path.join(__dirname, 'baselineServe.ts');
/** The baseline's remote port (ours is BENCH_REMOTE_PORT, 3091): its pages are built with it. */
export const BASELINE_REMOTE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 3092);
/** A cold build on a busy 2-core machine takes minutes; past this something is wrong. */
const BUILD_TIMEOUT_MS = 20 * 60_000;
const START_TIMEOUT_MS = 60_000;

export interface Baseline extends BaselineUrls {
  rev: string;
  sha: string;
  /** The commit's build directory (for the bytes of its files). */
  dist: string;
  close(): Promise<void>;
}

function git(args: string[], cwd = ROOT): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function sh(label: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: BUILD_TIMEOUT_MS });
  if (result.status !== 0)
    throw new Error(`${label} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
}

/** The worktree of `sha`, installed: our node_modules hard-linked when the lockfiles agree, else the commit's own `npm ci`. */
function prepare(sha: string, log: (m: string) => void): string {
  const dir = path.join(ROOT, '.tmp/bench-baseline', sha);
  if (!existsSync(path.join(dir, '.git'))) git(['worktree', 'add', '--detach', dir, sha]);
  if (!existsSync(path.join(dir, 'node_modules/.package-lock.json'))) {
    const same = readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
    log(`baseline ${sha.slice(0, 7)}: ${same ? 'hard-linking our node_modules' : 'npm ci (its lockfile is not ours)'}`);
    if (same) sh('cp -al node_modules', 'cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')], ROOT);
    else sh('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  return dir;
}

/** The commit's own ts-node, with its own tsconfig, running our baselineServe.ts in its worktree. */
function childArgs(dir: string, command: 'build' | 'serve') {
  return {
    args: ['-r', 'ts-node/register', SERVE, command],
    options: {
      cwd: dir,
      env: {
        ...process.env,
        BENCH_REMOTE_PORT: String(BASELINE_REMOTE_PORT),
        // Its wallet session endpoint answers no sooner than ours (baselineServe.ts).
        BENCH_WALLET_SESSION_MS: String(WALLET_SESSION_MS),
        TS_NODE_PROJECT: path.join(dir, 'tsconfig.json'),
        TS_NODE_TRANSPILE_ONLY: 'true',
      },
    },
  };
}

function build(dir: string, sha: string, log: (m: string) => void): void {
  // Cached by commit and by the port its pages were built for.
  const stamp = path.join(dir, '.bench-baseline-built');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === String(BASELINE_REMOTE_PORT)) return;
  const started = Date.now();
  const { args, options } = childArgs(dir, 'build');
  sh(`baseline ${sha.slice(0, 7)} build`, process.execPath, args, dir, options.env);
  writeFileSync(stamp, String(BASELINE_REMOTE_PORT));
  log(`built baseline ${sha.slice(0, 7)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function serve(dir: string): Promise<{ urls: BaselineUrls; child: ChildProcess }> {
  const { args, options } = childArgs(dir, 'serve');
  const child = spawn(process.execPath, args, { ...options, stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`The baseline's pages did not start within ${START_TIMEOUT_MS / 1000} s.`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The baseline's page server exited (${code}) before it served.`));
    });
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ urls: JSON.parse(line) as BaselineUrls, child });
    });
  });
}

/** `rev`'s pages built (or taken from the cache) and served; `close()` stops its server. */
export async function startBaseline(rev: string, log: (m: string) => void): Promise<Baseline> {
  const sha = git(['rev-parse', '--verify', `${rev}^{commit}`]);
  const dir = prepare(sha, log);
  build(dir, sha, log);
  const { urls, child } = await serve(dir);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...urls,
    rev,
    sha,
    dist: path.join(dir, 'dist'),
    close: () => {
      child.stdin?.end();
      return exited;
    },
  };
}
