// e2e global setup: find Chromium, build the production remote and the host example once (reusing a build only when every input is byte-identical), serve them on loopback ports in a
// child process, and hand the URLs to the tests. globalTeardown.ts stops that process by its PID.
import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { chromium as playwright, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import { filesUnder, hashOf, once, prune, run } from './buildCache';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { E2E_TMP, ROOT, alive, loudBanner, type E2EEnv } from './env';
import { setUpHostMatrix } from './hostMatrix';
import { runKey } from './runKey';
import type { ServeDirs, ServedUrls } from './serve';

declare global {
  // The server process, for the teardown (same process as the setup).
  var __E2E_SERVER_PID__: number | undefined;
  // The browser every test file connects to, for the teardown.
  var __E2E_BROWSER__: BrowserServer | undefined;
}

const BUILDS = path.join(E2E_TMP, 'builds');
const NODE = process.execPath;

function log(message: string): void {
  process.stderr.write(`e2e: ${message}\n`);
}

function findChromium(): string | null {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return CHROMIUM_PATH;
  } catch {
    return null;
  }
}

const SHARED_INPUTS = [
  'webpack',
  'release',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tests/e2e/support/build.ts',
];

interface BuildUnit {
  /** Names the cache directory. */
  name: string;
  /** What the build reads: directories and files under the repository root. */
  inputs: string[];
  /** The build.ts targets, each built into `<cache dir>/<target>`. */
  targets: Array<keyof ServeDirs>;
}

/** Builds `unit` once per set of inputs (buildCache.ts); a complete build with the same inputs is reused. */
async function build(unit: BuildUnit): Promise<Record<string, string>> {
  const files = [...unit.inputs, ...SHARED_INPUTS].flatMap((input) => {
    const full = path.join(ROOT, input);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
  // The remote's release is signed with a key made for the run (never the committed test key): a
  // build signed with another key is another build.
  const signer = runKey();
  const key = `${unit.name}-${hashOf([unit.name, signer.keyId], files)}`;
  const dirsIn = (base: string) => Object.fromEntries(unit.targets.map((t) => [t, path.join(base, t)]));
  const { dir, seconds } = await once(path.join(BUILDS, key), `built ${unit.name}`, (work) =>
    run(NODE, ['-r', 'ts-node/register', path.join(__dirname, 'build.ts')], ROOT, `the ${unit.name} build`, {
      ...process.env,
      CHECKOUT_SIGNING_KEY: signer.keyFile,
      CHECKOUT_DEVELOPMENT_BUILD: '',
      E2E_BUILD: JSON.stringify(dirsIn(work)),
      TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json'),
    }),
  );
  if (seconds === 0) log(`reusing the ${unit.name} build in ${path.relative(ROOT, dir)} (inputs unchanged; E2E_REBUILD=1 to force)`);
  prune(BUILDS, (name) => (name.startsWith(`${unit.name}-`) ? unit.name : null), new Set([key]));
  return dirsIn(dir);
}

/**
 * The release before this one (the last landed commit), for pages that run it beside today's: its
 * tree from git, with today's node_modules (its lockfile installs the same packages), built once
 * with its own webpack config.
 */
export const PREVIOUS_RELEASE_COMMIT = 'ec589cea1c12cf345e4447918fca1123012ccb42';

async function buildPrevious(): Promise<string> {
  const commit = PREVIOUS_RELEASE_COMMIT;
  const tree = await once(path.join(E2E_TMP, 'previous', commit), `extracted ${commit.slice(0, 7)}`, async (work) => {
    const tar = path.join(work, '.source.tar');
    // A shallow clone lacks the commit: ask the clone's origin for it once before giving up.
    await run('git', ['-C', ROOT, 'cat-file', '-e', `${commit}^{commit}`], ROOT, `finding ${commit}`, process.env).catch(() =>
      run('git', ['-C', ROOT, 'fetch', '--quiet', '--depth', '1', 'origin', commit], ROOT, `fetching ${commit}`, process.env),
    );
    await run('git', ['-C', ROOT, 'archive', '--format=tar', '-o', tar, commit], ROOT, `git archive ${commit}`, process.env);
    await run('tar', ['-xf', tar, '-C', work], ROOT, 'extracting the previous release', process.env);
    rmSync(tar);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  });
  const key = `previous-${hashOf([commit], [path.join(__dirname, 'build.ts'), path.join(ROOT, 'package-lock.json')])}`;
  const out = (base: string) => path.join(base, 'remotePrevious');
  const { dir, seconds } = await once(path.join(BUILDS, key), `built the previous release (${commit.slice(0, 7)})`, (work) =>
    run(NODE, ['-r', 'ts-node/register', path.join(__dirname, 'build.ts')], ROOT, 'the previous release build', {
      ...process.env,
      E2E_BUILD: JSON.stringify({ previous: { root: tree.dir, out: out(work) } }),
      TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json'),
      RELEASE_COMMIT: commit,
      // That tree signs with its own committed key of its own kind: not the run's.
      CHECKOUT_SIGNING_KEY: '',
    }),
  );
  if (seconds === 0) log(`reusing the previous release build in ${path.relative(ROOT, dir)}`);
  prune(BUILDS, (name) => (name.startsWith('previous-') ? 'previous' : null), new Set([key]));
  return out(dir);
}

const REMOTE: BuildUnit = { name: 'remote', inputs: ['src', 'public', 'webpack.config.ts'], targets: ['remote', 'remoteCopy'] };
const HOST: BuildUnit = { name: 'host-example', inputs: ['host-example', 'packages/host-kit/src'], targets: ['host'] };
/** The integration alone (`--env demo=off`), in each of its two modes. */
const INTEGRATION: BuildUnit = {
  name: 'host-integration',
  inputs: ['host-example', 'packages/host-kit/src'],
  targets: ['integration', 'integrationEmbedded'],
};

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
  // The hosts build inside .tmp/e2e, and their bundlers look for a tsconfig.json up the tree (webpack 5.111
  // turns `resolve.tsconfig` on by itself): without this one they would find the repository's, whose paths
  // send `@checkout/host-kit` to its sources instead of the packed kit a host installs.
  writeFileSync(path.join(E2E_TMP, 'tsconfig.json'), '{}\n');
  removeLeftovers();
  const envFile = path.join(E2E_TMP, `env-${process.pid}.json`);
  process.env.E2E_ENV_FILE = envFile;
  const write = (env: E2EEnv) => writeFileSync(envFile, JSON.stringify(env, null, 2));

  const chromium = findChromium();
  if (!chromium) {
    const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${CHROMIUM_PATH}` : CHROMIUM_PATH;
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

  // The matrix's installs wait on the network while our own builds use the CPU: both at once.
  // E2E_HOST_MATRIX=off leaves it out, for a run of files that do not open its hosts (they then say so).
  const matrix = process.env.E2E_HOST_MATRIX === 'off' ? Promise.resolve() : setUpHostMatrix();
  try {
    // Two lanes of our own builds beside the matrix (measured: the host example's three builds ran
    // alone for 37 s after the remote's): the remote and its copy; the host example's builds, then the
    // previous release.
    let previousReason: string | undefined;
    const hostLane = async () => {
      const { host } = await build(HOST);
      const { integration, integrationEmbedded } = await build(INTEGRATION);
      // Only versions.e2e.ts needs it: a clone without that commit (a shallow one) fails that file alone, with the reason.
      const remotePrevious = await buildPrevious().catch((error: unknown) => {
        previousReason = `the previous release (${PREVIOUS_RELEASE_COMMIT}) could not be built: ${error instanceof Error ? error.message : String(error)}`;
        log(previousReason);
        return undefined;
      });
      return { host, integration, integrationEmbedded, remotePrevious };
    };
    // Both settle before a failure is thrown: no build is left running unheard.
    const [remoteBuild, hostBuild] = await Promise.allSettled([build(REMOTE), hostLane()]);
    if (remoteBuild.status === 'rejected') throw remoteBuild.reason;
    if (hostBuild.status === 'rejected') throw hostBuild.reason;
    const remote = remoteBuild.value;
    const { host, integration, integrationEmbedded, remotePrevious } = hostBuild.value;
    const dirs: ServeDirs = {
      remote: remote.remote,
      remoteCopy: remote.remoteCopy,
      remotePrevious,
      host,
      integration,
      integrationEmbedded,
    };
    const { pid, urls } = await startServers(dirs);
    globalThis.__E2E_SERVER_PID__ = pid;
    log(`serving remote ${urls.remote}, host example ${urls.host} (pid ${pid})`);
    // One Chromium for the run: a file connects to it in a blink, where a launch and a close of its
    // own cost seconds on a busy runner. Each test still gets its own context.
    const browser = await playwright.launchServer({ executablePath: chromium, args: CHROMIUM_ARGS, headless: true });
    globalThis.__E2E_BROWSER__ = browser;
    write({
      available: true,
      skip: false,
      chromium,
      browserWsEndpoint: browser.wsEndpoint(),
      serverPid: pid,
      remoteUrl: urls.remote,
      remoteDir: remote.remote,
      manifestUrl: `${urls.remote}/mf-manifest.json`,
      remoteCopyManifestUrl: `${urls.remoteCopy}/mf-manifest.json`,
      previousManifestUrl: urls.remotePrevious ? `${urls.remotePrevious}/mf-manifest.json` : undefined,
      previousReason,
      hostUrl: urls.host,
      integrationUrl: urls.integration,
      integrationEmbeddedUrl: urls.integrationEmbedded,
      stripeApiUrl: urls.stripeApi,
    });
    await matrix;
  } catch (error) {
    // Fail the e2e suites with the reason, and let the other projects still run and report.
    await matrix.catch(() => undefined); // its servers are up by then, and the teardown stops them
    const reason = error instanceof Error ? error.message : String(error);
    console.error(loudBanner(['e2e set-up FAILED: the real-browser tests will fail.']) + reason);
    write({ available: false, skip: false, reason: `e2e set-up failed: ${reason}` });
  }
}
