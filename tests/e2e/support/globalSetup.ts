// e2e global setup: find Chromium, build the production remote and the host example once (reusing a build only when every input is byte-identical), serve them on loopback ports in a
// child process, and hand the URLs to the tests. globalTeardown.ts stops that process by its PID.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { E2E_TMP, ROOT, alive, loudBanner, type E2EEnv } from './env';
import { setUpHostMatrix } from './hostMatrix';
import type { ServeDirs, ServedUrls } from './serve';

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

const SHARED_INPUTS = ['build', 'tsconfig.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tests/e2e/support/build.ts'];

/** The inputs of a build, by content: same hash, same output. */
function inputsHash(name: string, inputs: string[]): string {
  const skip = new Set(['dist', 'node_modules', '@mf-types']);
  const files = inputs
    .flatMap((input) => {
      const full = path.join(ROOT, input);
      return existsSync(full) && statSync(full).isDirectory() ? filesUnder(full, skip) : [full];
    })
    .sort();
  const hash = createHash('sha256').update(process.version).update(name);
  for (const file of files) {
    hash.update(path.relative(ROOT, file)).update('\0');
    hash.update(existsSync(file) ? readFileSync(file) : 'missing').update('\0');
  }
  return `${name}-${hash.digest('hex').slice(0, 16)}`;
}

interface BuildUnit {
  /** Names the cache directory. */
  name: string;
  /** What the build reads: directories and files under the repository root. */
  inputs: string[];
  /** The build.ts targets, each built into `<cache dir>/<target>`. */
  targets: Array<keyof ServeDirs>;
}

/**
 * Builds `unit` once per set of inputs. Into a private directory renamed into place when complete,
 * so a concurrent run never serves half a build; a complete build with the same inputs is reused.
 */
function build(unit: BuildUnit): Record<string, string> {
  const key = inputsHash(unit.name, [...unit.inputs, ...SHARED_INPUTS]);
  const final = path.join(BUILDS, key);
  const dirsIn = (base: string) => Object.fromEntries(unit.targets.map((t) => [t, path.join(base, t)]));
  const force = process.env.E2E_REBUILD === '1';
  if (!force && existsSync(path.join(final, 'complete'))) {
    log(`reusing the ${unit.name} build in ${path.relative(ROOT, final)} (inputs unchanged; E2E_REBUILD=1 to force)`);
    return dirsIn(final);
  }
  const work = `${final}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const started = Date.now();
  log(`building ${unit.name} in production mode…`);
  const result = spawnSync(NODE, ['-r', 'ts-node/register', path.join(__dirname, 'build.ts')], {
    cwd: ROOT,
    env: { ...process.env, E2E_BUILD: JSON.stringify(dirsIn(work)), TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`the ${unit.name} build failed (exit ${result.status}):\n${result.stderr}\n${result.stdout}`.trim());
  }
  process.stderr.write(result.stderr.split('\n').filter((l) => l.startsWith('e2e:')).map((l) => `${l}\n`).join(''));
  writeFileSync(path.join(work, 'complete'), new Date().toISOString());
  if (force) rmSync(final, { recursive: true, force: true });
  try {
    renameSync(work, final);
  } catch {
    rmSync(work, { recursive: true, force: true }); // a concurrent run put the same build in place first
  }
  log(`${unit.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  pruneOldBuilds(unit.name, key);
  return dirsIn(final);
}

/** Keeps the newest few builds of a unit (another run may still be serving one of them). */
function pruneOldBuilds(name: string, keep: string): void {
  const others = readdirSync(BUILDS)
    .filter((dir) => dir.startsWith(`${name}-`) && dir !== keep && !dir.includes('.tmp-'))
    .map((dir) => ({ dir, mtime: statSync(path.join(BUILDS, dir)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of others.slice(2)) rmSync(path.join(BUILDS, old.dir), { recursive: true, force: true });
}

const REMOTE: BuildUnit = { name: 'remote', inputs: ['src', 'public', 'webpack.config.ts'], targets: ['remote', 'remoteCopy'] };
const HOST: BuildUnit = { name: 'host-example', inputs: ['host-example'], targets: ['host'] };

function startServers(dirs: ServeDirs): Promise<ServerProcess<ServedUrls>> {
  return startServerProcess<ServedUrls>('serve.ts', { E2E_SERVE_DIRS: JSON.stringify(dirs) }, 'the e2e servers');
}

/** What runs that were killed left behind: half builds and env files of dead processes. */
function removeLeftovers(): void {
  for (const dir of readdirSync(BUILDS)) {
    const pid = /\.tmp-(\d+)$/.exec(dir)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(BUILDS, dir), { recursive: true, force: true });
  }
  for (const file of readdirSync(E2E_TMP)) {
    const pid = /^env-(\d+)\.json$/.exec(file)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(E2E_TMP, file), { force: true });
  }
}

export default async function globalSetup(): Promise<void> {
  mkdirSync(BUILDS, { recursive: true });
  removeLeftovers();
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
    const remote = build(REMOTE);
    const { host } = build(HOST);
    const dirs: ServeDirs = { remote: remote.remote, remoteCopy: remote.remoteCopy, host };
    const { pid, urls } = await startServers(dirs);
    globalThis.__E2E_SERVER_PID__ = pid;
    log(`serving remote ${urls.remote}, host example ${urls.host} (pid ${pid})`);
    write({
      available: true,
      skip: false,
      chromium,
      serverPid: pid,
      remoteUrl: urls.remote,
      remoteDir: remote.remote,
      manifestUrl: `${urls.remote}/mf-manifest.json`,
      remoteCopyManifestUrl: `${urls.remoteCopy}/mf-manifest.json`,
      hostUrl: urls.host,
      stripeApiUrl: urls.stripeApi,
    });
    await setUpHostMatrix();
  } catch (error) {
    // Fail the e2e suites with the reason, and let the other projects still run and report.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(loudBanner(['e2e set-up FAILED: the real-browser tests will fail.']) + reason);
    write({ available: false, skip: false, reason: `e2e set-up failed: ${reason}` });
  }
}
