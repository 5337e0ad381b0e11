// The host matrix's set-up: hosts we did not write (support/matrixHosts.ts), each built by its own
// tool from tests/e2e/hosts/<fixture>. Their tools install once per lockfile (tests/e2e/hosts/react18,
// react19, next16, angular22, router8) into .tmp/e2e/host-deps; each host builds once per set of
// inputs into .tmp/e2e/builds; a child process serves every host on its own loopback port. The host kit
// (packages/host-kit) is packed once per change with `npm pack --workspace`, and its tarball's contents are put in each
// host's build (node_modules/@checkout/host-kit beside the tools' install, which it never changes): a
// change to the kit rebuilds the hosts, not their installs. Installs,
// builds and servers run on the Node CI runs (ltsNode.ts), whatever Node runs jest. What each host
// got (a URL, or why not) goes to a JSON file for the tests.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { E2E_TMP, HOST_STRIPE_API_PREFIX, ROOT, STRIPE_API_KEY, WAREHOUSE_KEY, alive } from './env';
import { filesUnder, hashOf, log, once, prune, run } from './buildCache';
import { MATRIX, type BuildTool, type MatrixHost, type ToolSet } from './matrixHosts';
import { LTS_NODE_VERSION, ltsNode, withNode } from './ltsNode';
import { SERVER_PACKAGE, serverPackage } from './serverPackage';
import { buildPublisherKey } from './releaseCdn';
import { packWorkspace, type PackedWorkspace } from '../../support/packedWorkspace';

export const HOSTS_DIR = path.join(ROOT, 'tests/e2e/hosts');
const DEPS = path.join(E2E_TMP, 'host-deps');
const BUILDS = path.join(E2E_TMP, 'builds');
const HOST_KIT_NAME = '@checkout/host-kit';

/**
 * The host kit as `npm pack` packed it (tests/support/packedWorkspace.ts), keyed by its inputs' hash,
 * with the remote's types it depends on (`types`).
 */
type PackedKit = PackedWorkspace & { hash: string; types: PackedWorkspace };

async function packHostKit(): Promise<PackedKit> {
  const kit = await packWorkspace('host-kit');
  const types = await packWorkspace('remote-types');
  return { ...kit, types, hash: `${path.basename(path.dirname(kit.dir))}-${path.basename(path.dirname(types.dir))}` };
}

/** The kit's tarball contents in `nodeModules` (a host's, or its stage's), with its dependency, as npm installs them. */
function installKit(kit: PackedKit, nodeModules: string): void {
  cpSync(kit.dir, path.join(nodeModules, HOST_KIT_NAME), { recursive: true });
  cpSync(kit.types.dir, path.join(nodeModules, kit.types.name), { recursive: true });
}

export { MATRIX, type MatrixHost } from './matrixHosts';

/** One host as the tests get it: served at `url`, or the reason it is not. */
export interface HostEntry {
  url?: string;
  error?: string;
  /** Tool name → installed version, for the report. */
  versions: Record<string, string>;
}

export interface HostMatrixEnv {
  hosts: Record<string, HostEntry>;
  /** Seconds spent, for the report. */
  timings: Record<string, number>;
  /** The Stripe API stand-in behind every host's server/ checkout routes. */
  stripeApiUrl?: string;
  /** A host whose own server runs the server half: its own Stripe API stand-in (which delivers webhooks to it). */
  hostStripeApiUrls?: Record<string, string>;
  /** The warehouse stand-in those hosts ship to: `GET` lists the calls it got. */
  warehouseUrl?: string;
}

/** The static remote URL the fixtures' configs name; the tests route it to the served remote. */
export { CONFIGURED_REMOTE_ORIGIN } from './env';

export const HOSTS_ENV_VAR = 'E2E_HOSTS_FILE';

/** One set of hosts' tools, installed from its lockfile. */
function installDeps(tools: ToolSet, node: string): Promise<{ dir: string; seconds: number }> {
  const source = path.join(HOSTS_DIR, tools);
  const files = ['package.json', 'package-lock.json'].map((f) => path.join(source, f));
  const final = path.join(DEPS, `${tools}-${hashOf([LTS_NODE_VERSION], files)}`);
  return once(final, `installed the ${tools} hosts' tools`, async (work) => {
    for (const file of files) cpSync(file, path.join(work, path.basename(file)));
    // `npm install`, not `npm ci`: lockfiles written here lack other platforms' optional bindings.
    // The tools are devDependencies: installed whatever NODE_ENV says. What npm's cache holds is taken
    // as it is (the lockfile pins every version and its integrity): no registry round trip for it.
    await run(
      'npm',
      ['install', '--include=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
      work,
      `npm install for the ${tools} hosts`,
      withNode(node),
    );
  });
}

function installedVersion(deps: string, name: string): string {
  return (JSON.parse(readFileSync(path.join(deps, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The React the host's page runs: Next's App Router runs the one vendored in `next`, not `react`. */
function hostReactVersion(host: MatrixHost, deps: string): string {
  if (host.tool !== 'next') return installedVersion(deps, 'react');
  return (require(path.join(deps, 'node_modules/next/dist/compiled/react')) as { version: string }).version;
}

interface Tool {
  bin: string;
  args: string[];
  /** What of the fixture's folder, once built, is served: a folder of files, or all of it (`next start`, `react-router-serve`). */
  output: 'dist' | 'dist/browser' | 'app';
}

/** Each tool's own CLI, as its docs run it. */
const TOOLS: Record<Exclude<BuildTool, 'none'>, Tool> = {
  rspack: { bin: '@rspack/cli/bin/rspack.js', args: ['build'], output: 'dist' },
  rsbuild: { bin: '@rsbuild/core/bin/rsbuild.js', args: ['build'], output: 'dist' },
  vite: { bin: 'vite/bin/vite.js', args: ['build'], output: 'dist' },
  // Terser took 6-10 s of each webpack build (React); what is tested does not depend on it.
  webpack: { bin: 'webpack-cli/bin/cli.js', args: ['--mode', 'production', '--no-optimization-minimize'], output: 'dist' },
  // Turbopack, Next's default; offline (no fonts, no telemetry).
  next: { bin: 'next/dist/bin/next', args: ['build'], output: 'app' },
  'react-router': { bin: '@react-router/dev/bin.cjs', args: ['build'], output: 'app' },
  // adapter-node writes build/ (index.js, handler.js), served by `node build`.
  sveltekit: { bin: 'vite/bin/vite.js', args: ['build'], output: 'app' },
  // @astrojs/node (standalone) writes dist/server/entry.mjs, served by `node dist/server/entry.mjs`.
  astro: { bin: 'astro/bin/astro.mjs', args: ['build'], output: 'app' },
  // Node runs the app's TypeScript itself (type stripping); tsc type-checks it, an ESM host (nodenext).
  hono: { bin: 'typescript/bin/tsc', args: ['-p', '.'], output: 'app' },
  // @angular/build's application builder writes the page into dist/browser.
  angular: { bin: '@angular/cli/bin/ng.js', args: ['build'], output: 'dist/browser' },
};

/** The federation runtime's ESM build, served as files by the page with no bundler. */
const PLAIN_VENDOR = ['runtime', 'runtime-core', 'sdk', 'error-codes'];

type Built = { dir: string; versions: Record<string, string>; seconds: number };

/** A page with no bundler: its files as they are (links followed); the plain page also gets the runtime's ESM files. */
async function buildStatic(host: MatrixHost, kit: PackedKit): Promise<Built> {
  const source = path.join(HOSTS_DIR, host.fixture);
  const vendor = host.fixture === 'plain';
  const packages = vendor ? PLAIN_VENDOR.map((name) => path.join(ROOT, 'node_modules/@module-federation', name)) : [];
  const versions = {
    ...Object.fromEntries(
      packages.map((dir) => [
        `@module-federation/${path.basename(dir)}`,
        (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version,
      ]),
    ),
    [HOST_KIT_NAME]: kit.version,
  };
  const files = filesUnder(source);
  const final = path.join(BUILDS, `matrix-${host.id}-${hashOf([...Object.entries(versions).flat(), kit.hash], files)}`);
  const { dir, seconds } = await once(final, `built the ${host.id} host`, async (work) => {
    // copyFileSync follows a link (Node 24's cpSync with `dereference` refuses a link to a file).
    for (const file of files) copyFileSync(file, path.join(work, path.basename(file)));
    for (const dir of packages) {
      cpSync(path.join(dir, 'dist'), path.join(work, 'vendor', path.basename(dir)), {
        recursive: true,
        filter: (file) => statSync(file).isDirectory() || /\.m?js$/.test(file),
      });
    }
    // The host kit's files, served as they are (the page names them in its import map or links).
    cpSync(path.join(kit.dir, 'dist'), path.join(work, 'vendor', 'host-kit'), {
      recursive: true,
      filter: (file) => !file.endsWith('.d.ts'),
    });
  });
  return { dir, versions, seconds };
}

/**
 * The app's own node_modules: the install's packages (links) and the server half's package (a copy),
 * as `npm install <tarball>` beside the app's dependencies would leave them.
 */
function appModules(target: string, deps: string, server: string | null): void {
  mkdirSync(target);
  const installed = path.join(deps, 'node_modules');
  for (const name of readdirSync(installed)) symlinkSync(path.join(installed, name), path.join(target, name), 'dir');
  if (server) cpSync(server, path.join(target, SERVER_PACKAGE), { recursive: true });
}

async function buildHost(host: MatrixHost, tool: Tool, deps: string, node: string, kit: PackedKit): Promise<Built> {
  const versions = {
    ...(host.react ? { react: hostReactVersion(host, deps) } : {}),
    ...Object.fromEntries(host.packages.map((name) => [name, installedVersion(deps, name)])),
    [HOST_KIT_NAME]: kit.version,
  };
  const sources = [path.join(HOSTS_DIR, host.fixture), path.join(HOSTS_DIR, 'app')];
  const server = host.server ? (await serverPackage()).dir : null;
  const final = path.join(
    BUILDS,
    `matrix-${host.id}-${hashOf([deps, server ?? '', kit.hash, buildPublisherKey()], sources.flatMap(filesUnder))}`,
  );
  const { dir, seconds } = await once(final, `built ${host.id}`, async (work) => {
    // Built inside the tools' install, so every import resolves to that React line's packages.
    const stage = path.join(deps, `stage-${host.id}-${process.pid}`);
    rmSync(stage, { recursive: true, force: true });
    try {
      // Symlinks as they are: a fixture's ./remoteTimeout.js stays a link to ../app's, inside the stage.
      for (const src of sources) cpSync(src, path.join(stage, path.basename(src)), { recursive: true, verbatimSymlinks: true });
      // The kit where npm would put it: found from the stage before the tools' node_modules.
      installKit(kit, path.join(stage, 'node_modules'));
      const cwd = path.join(stage, host.fixture);
      if (server) cpSync(server, path.join(cwd, 'node_modules', SERVER_PACKAGE), { recursive: true });
      await run(node, [realpathSync(path.join(deps, 'node_modules', tool.bin)), ...tool.args], cwd, `the ${host.id} build`, {
        ...withNode(node),
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        NG_CLI_ANALYTICS: 'false',
        ASTRO_TELEMETRY_DISABLED: '1',
        // The key the served remote is signed with: the hosts that verify pin it (as yours pins your publisher's).
        CHECKOUT_PUBLISHER_KEY: buildPublisherKey(),
      });
      if (tool.output !== 'app') {
        cpSync(path.join(cwd, tool.output), work, { recursive: true });
      } else {
        // The framework's server serves the app folder as built, resolving itself from the install.
        // Not the tools' caches (Next's, Vite's node_modules/.vite-temp): the install's node_modules takes that place.
        const caches = [path.join(cwd, '.next', 'cache'), path.join(cwd, 'node_modules')];
        cpSync(cwd, work, { recursive: true, dereference: true, filter: (file) => !caches.some((dir) => file.startsWith(dir)) });
        // Its node_modules: the install's packages (links), the server half's package and the kit (copies).
        const modules = path.join(work, 'node_modules');
        appModules(modules, deps, server);
        installKit(kit, modules);
      }
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  });
  return { dir, versions, seconds };
}

function startServer(dirs: Record<string, string>, node: string): Promise<ServerProcess<Record<string, string>>> {
  const framework = MATRIX.filter((h) => h.server === 'framework').map((h) => h.id);
  const offline = MATRIX.filter((h) => h.server === 'offline').map((h) => h.id);
  return startServerProcess<Record<string, string>>(
    'hostMatrixServe.ts',
    {
      E2E_HOST_DIRS: JSON.stringify(dirs),
      E2E_FRAMEWORK_SERVERS: JSON.stringify(framework),
      E2E_OFFLINE_SERVERS: JSON.stringify(offline),
      E2E_LTS_NODE: node,
    },
    'the host matrix server',
  );
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function throwIfError<T>(value: T | Error): T {
  if (value instanceof Error) throw value;
  return value;
}

/**
 * E2E_HOST_MATRIX=<id>,<id>: only those hosts are installed, built and served (for the edit loop;
 * select their tests with -t). Unset: all of them.
 */
function selectedHosts(): MatrixHost[] {
  const ids =
    process.env.E2E_HOST_MATRIX?.split(',')
      .map((id) => id.trim())
      .filter(Boolean) ?? [];
  if (ids.length === 0 || ids.includes('on')) return MATRIX;
  const unknown = ids.filter((id) => !MATRIX.some((h) => h.id === id));
  if (unknown.length) throw new Error(`E2E_HOST_MATRIX names no host ${unknown.join(', ')}: ${MATRIX.map((h) => h.id).join(', ')}`);
  return MATRIX.filter((h) => ids.includes(h.id));
}

/** Installs, builds and serves the matrix; never throws: a host that failed carries its reason. */
export async function setUpHostMatrix(): Promise<void> {
  const hosts = selectedHosts();
  const file = path.join(E2E_TMP, `hosts-${process.pid}.json`);
  process.env[HOSTS_ENV_VAR] = file;
  const env: HostMatrixEnv = { hosts: {}, timings: {} };
  const started = Date.now();
  mkdirSync(DEPS, { recursive: true });
  mkdirSync(BUILDS, { recursive: true });
  for (const name of readdirSync(E2E_TMP)) {
    const pid = /^hosts-(\d+)\.json$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(E2E_TMP, name), { force: true });
  }

  // One chain per lockfile (install, then its hosts one after the other), all at once: an install
  // waits on the network while another set builds.
  const dirs: Record<string, string> = {};
  const installs: string[] = [];
  const record = async (host: MatrixHost, build: () => Promise<Built>) => {
    const entry: HostEntry = { versions: {} };
    env.hosts[host.id] = entry;
    try {
      const built = await build();
      dirs[host.id] = built.dir;
      entry.versions = built.versions;
      env.timings[`build ${host.id}`] = built.seconds;
    } catch (error) {
      entry.error = reasonOf(error);
      process.stderr.write(`e2e hosts: ${host.id} FAILED: ${entry.error}\n`);
    }
  };
  const node = await ltsNode().catch((error: unknown) => new Error(`no Node ${LTS_NODE_VERSION} from npx: ${reasonOf(error)}`));
  // The installs need no kit: they start while it packs (a minute on a busy runner), and only the builds wait for it.
  const packing = packHostKit().catch((error: unknown) => new Error(`the host kit did not pack: ${reasonOf(error)}`));
  // Then the server half's package (one pack at a time), also while the installs run; its hosts' builds wait for it.
  if (hosts.some((h) => h.server)) void packing.then(() => serverPackage().catch(() => undefined));
  const chain = async (tools: ToolSet) => {
    let deps: { dir: string; seconds: number; node: string } | Error;
    try {
      if (node instanceof Error) throw node;
      deps = { ...(await installDeps(tools, node)), node };
      env.timings[`install ${tools}`] = deps.seconds;
      installs.push(path.basename(deps.dir));
    } catch (error) {
      deps = new Error(`the ${tools} hosts' tools did not install: ${reasonOf(error)}`);
    }
    for (const host of hosts.filter((h) => h.tools === tools)) {
      await record(host, async () => {
        if (deps instanceof Error) throw deps;
        if (host.tool === 'none') throw new Error(`${host.id} has a lockfile but no build tool`);
        return buildHost(host, TOOLS[host.tool], deps.dir, deps.node, throwIfError(await packing));
      });
    }
  };
  const toolSets = [...new Set(hosts.flatMap((h) => (h.tools ? [h.tools] : [])))];
  await Promise.all([
    ...toolSets.map(chain),
    ...hosts.filter((h) => !h.tools).map((host) => record(host, async () => buildStatic(host, throwIfError(await packing)))),
  ]);
  const kit = await packing;
  prune(DEPS, (name) => /^([a-z]+\d+)-[0-9a-f]{16}$/.exec(name)?.[1] ?? null, new Set(installs));

  const kept = new Set(Object.values(dirs).map((d) => path.basename(d)));
  if (!(kit instanceof Error)) kept.add(path.basename(path.dirname(kit.dir)));
  prune(BUILDS, (name) => /^(matrix-.+|host-kit)-[0-9a-f]{16}$/.exec(name)?.[1] ?? null, kept);

  try {
    const { urls } = await startServer(dirs, node instanceof Error ? process.execPath : node);
    env.stripeApiUrl = urls[STRIPE_API_KEY];
    env.warehouseUrl = urls[WAREHOUSE_KEY];
    env.hostStripeApiUrls = Object.fromEntries(
      Object.entries(urls).flatMap(([key, url]) =>
        key.startsWith(HOST_STRIPE_API_PREFIX) ? [[key.slice(HOST_STRIPE_API_PREFIX.length), url]] : [],
      ),
    );
    for (const id of Object.keys(dirs)) {
      if (urls[id]) env.hosts[id].url = urls[id];
      else env.hosts[id].error = 'its server did not start (the reason is in the set-up output)';
    }
  } catch (error) {
    for (const id of Object.keys(dirs)) env.hosts[id].error = reasonOf(error);
  }
  env.timings.total = (Date.now() - started) / 1000;
  log(`ready in ${env.timings.total.toFixed(1)} s`);
  writeFileSync(file, JSON.stringify(env, null, 2));
}

export function readHostMatrixEnv(): HostMatrixEnv | null {
  const file = process.env[HOSTS_ENV_VAR];
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HostMatrixEnv) : null;
}
