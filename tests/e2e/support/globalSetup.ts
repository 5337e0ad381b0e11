// e2e global setup: find Chromium, build the production remote, the test host and the host example
// once (reusing a build only when every input is byte-identical), serve them on loopback ports in a
// child process, and hand the URLs to the tests. globalTeardown.ts stops that process by its PID.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_TMP, ROOT, loudBanner, type E2EEnv } from './env';
import type { ServedUrls } from './serve';

declare global {
  // The server process, for the teardown (same process as the setup).
  var __E2E_SERVER_PID__: number | undefined;
}

const BUILDS = path.join(E2E_TMP, 'builds');
const NODE = process.execPath;

function log(message: string): void {
  process.stderr.write(`e2e: ${message}\n`);
}

export function findChromium(): string | null {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return null;
  }
}

function filesUnder(dir: string, skip: Set<string>): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (skip.has(entry.name)) return [];
    return entry.isDirectory() ? filesUnder(full, skip) : [full];
  });
}

/** Every input of the three builds, by content: same hash, same output. */
function inputsHash(withHostExample: boolean): string {
  const skip = new Set(['dist', 'node_modules', '@mf-types']);
  const dirs = ['src', 'build', 'public', 'tests/e2e/fixtures/host', ...(withHostExample ? ['host-example'] : [])];
  const files = [
    ...dirs.flatMap((d) => filesUnder(path.join(ROOT, d), skip)),
    ...['webpack.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tests/e2e/support/build.ts'].map(
      (f) => path.join(ROOT, f),
    ),
  ].sort();
  const hash = createHash('sha256').update(process.version);
  for (const file of files) {
    hash.update(path.relative(ROOT, file)).update('\0');
    hash.update(existsSync(file) ? readFileSync(file) : 'missing').update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

interface BuildDirs {
  remote: string;
  host: string;
  hostExample: string | null;
}

function dirsIn(base: string, withHostExample: boolean): BuildDirs {
  return {
    remote: path.join(base, 'remote'),
    host: path.join(base, 'host'),
    hostExample: withHostExample ? path.join(base, 'host-example') : null,
  };
}

/** Builds into a private directory, then renames it into place: a concurrent run never sees half a build. */
function build(withHostExample: boolean): BuildDirs {
  const key = inputsHash(withHostExample);
  const final = path.join(BUILDS, key);
  const force = process.env.E2E_REBUILD === '1';
  if (!force && existsSync(path.join(final, 'complete'))) {
    log(`reusing the production builds in ${path.relative(ROOT, final)} (inputs unchanged; E2E_REBUILD=1 to force)`);
    return dirsIn(final, withHostExample);
  }
  const work = `${final}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const dirs = dirsIn(work, withHostExample);
  const started = Date.now();
  log(`building the production remote, test host${withHostExample ? ' and host example' : ''}…`);
  const result = spawnSync(NODE, ['-r', 'ts-node/register', path.join(__dirname, 'build.ts')], {
    cwd: ROOT,
    env: { ...process.env, E2E_BUILD: JSON.stringify(dirs), TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`production builds failed (exit ${result.status}):\n${result.stderr}\n${result.stdout}`.trim());
  }
  process.stderr.write(result.stderr.split('\n').filter((l) => l.startsWith('e2e:')).map((l) => `${l}\n`).join(''));
  writeFileSync(path.join(work, 'complete'), new Date().toISOString());
  if (force) rmSync(final, { recursive: true, force: true });
  try {
    renameSync(work, final);
  } catch {
    rmSync(work, { recursive: true, force: true }); // a concurrent run put the same build in place first
  }
  log(`builds done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  pruneOldBuilds(key);
  return dirsIn(final, withHostExample);
}

/** Keeps the newest few builds (another run may still be serving one of them). */
function pruneOldBuilds(keep: string): void {
  const others = readdirSync(BUILDS)
    .filter((name) => name !== keep && !name.includes('.tmp-'))
    .map((name) => ({ name, mtime: statSync(path.join(BUILDS, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(2)) rmSync(path.join(BUILDS, old.name), { recursive: true, force: true });
}

function startServers(dirs: BuildDirs): Promise<{ pid: number; urls: ServedUrls }> {
  const child = spawn(NODE, ['-r', 'ts-node/register', path.join(__dirname, 'serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, E2E_SERVE_DIRS: JSON.stringify(dirs), TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('the e2e servers did not start within 30 s')), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (child.pid) child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the e2e servers exited early (code ${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      // Neither the pipe nor the handle may keep jest alive; the teardown kills it by PID.
      child.unref();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      (child.stdout as unknown as { unref?: () => void }).unref?.();
      resolve({ pid: child.pid!, urls: JSON.parse(line) as ServedUrls });
    });
  });
}

export default async function globalSetup(): Promise<void> {
  mkdirSync(BUILDS, { recursive: true });
  const envFile = path.join(E2E_TMP, `env-${process.pid}.json`);
  process.env.E2E_ENV_FILE = envFile;
  const write = (env: E2EEnv) => writeFileSync(envFile, JSON.stringify(env, null, 2));

  const chromium = findChromium();
  if (!chromium) {
    const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : '/usr/bin/chromium';
    const ci = process.env.CI === 'true';
    console.warn(
      loudBanner([
        `NO CHROMIUM at ${where}: the real-browser (e2e) tests ${ci ? 'FAIL (CI=true)' : 'are SKIPPED'}.`,
        'Install it with `apt-get install -y chromium`, or set CHROMIUM_PATH.',
      ]),
    );
    write({ available: false, skip: !ci, reason: `no Chromium at ${where} (apt-get install -y chromium, or set CHROMIUM_PATH)` });
    return;
  }

  try {
    const dirs = build(existsSync(path.join(ROOT, 'host-example/webpack.config.ts')));
    const { pid, urls } = await startServers(dirs);
    globalThis.__E2E_SERVER_PID__ = pid;
    log(`serving remote ${urls.remote}, test host ${urls.host}${urls.hostExample ? `, host example ${urls.hostExample}` : ''} (pid ${pid})`);
    write({
      available: true,
      skip: false,
      chromium,
      serverPid: pid,
      remoteUrl: urls.remote,
      manifestUrl: `${urls.remote}/mf-manifest.json`,
      hostUrl: urls.host,
      hostExampleUrl: urls.hostExample,
    });
  } catch (error) {
    // Fail the e2e suites with the reason, and let the other projects still run and report.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(loudBanner(['e2e set-up FAILED: the real-browser tests will fail.']) + reason);
    write({ available: false, skip: false, reason: `e2e set-up failed: ${reason}` });
  }
}
