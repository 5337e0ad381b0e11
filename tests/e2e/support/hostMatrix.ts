// The host matrix's set-up: hosts we did not write (Rspack, Vite, webpack's built-in plugin, webpack
// + enhanced, a page with no bundler), each built by its own tool from tests/e2e/hosts/<tool>.
// Their tools install once per lockfile (tests/e2e/hosts/react18 and react19) into .tmp/e2e/host-deps;
// each host builds once per set of inputs into .tmp/e2e/builds; a child process serves every host
// on its own loopback port. What each host got (a URL, or why not) goes to a JSON file for the tests.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { E2E_TMP, ROOT, alive } from './env';

export const HOSTS_DIR = path.join(ROOT, 'tests/e2e/hosts');
const DEPS = path.join(E2E_TMP, 'host-deps');
const BUILDS = path.join(E2E_TMP, 'builds');
const NODE = process.execPath;

export type BuildTool = 'rspack' | 'vite' | 'webpack' | 'none';
export type ReactLine = '18' | '19';

export interface MatrixHost {
  id: string;
  /** Its sources: tests/e2e/hosts/<fixture>. */
  fixture: string;
  tool: BuildTool;
  /** The host's own React; null: the page has none and uses `./mount`. */
  react: ReactLine | null;
  /** How it names the remote: in its build config, or at runtime from the page's ?remote=. */
  remote: 'static' | 'runtime';
  /** What a runtime host is given in ?remote=: webpack's own plugin cannot read a manifest. */
  entry: 'mf-manifest.json' | 'remoteEntry.js';
  /** Installed packages whose versions the report names, besides React. */
  packages: string[];
}

const RSPACK = ['@rspack/core', '@rspack/cli', '@module-federation/enhanced'];
const VITE = ['vite', '@module-federation/vite', '@vitejs/plugin-react'];

export const MATRIX: MatrixHost[] = [
  { id: 'rspack-react18', fixture: 'rspack', tool: 'rspack', react: '18', remote: 'static', entry: 'mf-manifest.json', packages: RSPACK },
  { id: 'rspack-runtime-react19', fixture: 'rspack-runtime', tool: 'rspack', react: '19', remote: 'runtime', entry: 'mf-manifest.json', packages: RSPACK },
  { id: 'vite-react18', fixture: 'vite', tool: 'vite', react: '18', remote: 'static', entry: 'remoteEntry.js', packages: VITE },
  { id: 'vite-runtime-react19', fixture: 'vite-runtime', tool: 'vite', react: '19', remote: 'runtime', entry: 'mf-manifest.json', packages: VITE },
  { id: 'webpack-react18', fixture: 'webpack', tool: 'webpack', react: '18', remote: 'static', entry: 'remoteEntry.js', packages: ['webpack'] },
  { id: 'webpack-runtime-react19', fixture: 'webpack-runtime', tool: 'webpack', react: '19', remote: 'runtime', entry: 'remoteEntry.js', packages: ['webpack'] },
  {
    id: 'webpack-enhanced-react18',
    fixture: 'webpack-enhanced',
    tool: 'webpack',
    react: '18',
    remote: 'static',
    entry: 'mf-manifest.json',
    packages: ['webpack', '@module-federation/enhanced'],
  },
  { id: 'plain', fixture: 'plain', tool: 'none', react: null, remote: 'runtime', entry: 'mf-manifest.json', packages: [] },
];

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
}

/** The static remote URL the fixtures' configs name; the tests route it to the served remote. */
export const CONFIGURED_REMOTE_ORIGIN = 'http://localhost:3001';

export const HOSTS_ENV_VAR = 'E2E_HOSTS_FILE';

function log(message: string): void {
  process.stderr.write(`e2e hosts: ${message}\n`);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function hashOf(parts: string[], files: string[]): string {
  const hash = createHash('sha256').update(process.version);
  for (const part of parts) hash.update(part).update('\0');
  for (const file of files.sort()) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Fills `final` once: `fill` works in a private directory renamed into place when complete, so a
 * concurrent run never sees half of it; an existing complete one is reused.
 */
async function once(final: string, what: string, fill: (work: string) => Promise<void>): Promise<{ dir: string; seconds: number }> {
  if (existsSync(path.join(final, 'complete'))) return { dir: final, seconds: 0 };
  const started = Date.now();
  const work = `${final}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await fill(work);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(path.join(work, 'complete'), new Date().toISOString());
  try {
    renameSync(work, final);
  } catch {
    rmSync(work, { recursive: true, force: true }); // a concurrent run put the same one in place first
  }
  const seconds = (Date.now() - started) / 1000;
  log(`${what} in ${seconds.toFixed(1)} s`);
  return { dir: final, seconds };
}

/** Removes what killed runs left, and all but the newest two of each kind. */
function prune(dir: string, prefixOf: (name: string) => string | null, keep: Set<string>): void {
  if (!existsSync(dir)) return;
  const groups = new Map<string, Array<{ name: string; mtime: number }>>();
  for (const name of readdirSync(dir)) {
    const pid = /\.tmp-(\d+)$/.exec(name)?.[1];
    if (pid) {
      if (!alive(Number(pid))) rmSync(path.join(dir, name), { recursive: true, force: true });
      continue;
    }
    const prefix = prefixOf(name);
    if (!prefix || keep.has(name)) continue;
    const list = groups.get(prefix) ?? [];
    list.push({ name, mtime: statSync(path.join(dir, name)).mtimeMs });
    groups.set(prefix, list);
  }
  for (const list of groups.values()) {
    for (const old of list.sort((a, b) => b.mtime - a.mtime).slice(1)) rmSync(path.join(dir, old.name), { recursive: true, force: true });
  }
}

/** Runs a command to its end; rejects with its exit and the end of its output. */
function run(command: string, args: string[], cwd: string, what: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} failed (${String(error)})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (${signal ?? `exit ${code}`}):\n${output.trim()}`));
    });
  });
}

/** The tools of one React line, installed from its lockfile. */
function installDeps(react: ReactLine): Promise<{ dir: string; seconds: number }> {
  const source = path.join(HOSTS_DIR, `react${react}`);
  const files = ['package.json', 'package-lock.json'].map((f) => path.join(source, f));
  const final = path.join(DEPS, `react${react}-${hashOf([], files)}`);
  return once(final, `installed the React ${react} hosts' tools`, async (work) => {
    for (const file of files) cpSync(file, path.join(work, path.basename(file)));
    // `npm install`, not `npm ci`: lockfiles written here lack other platforms' optional bindings.
    // The tools are devDependencies: installed whatever NODE_ENV says.
    await run('npm', ['install', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'], work, `npm install for the React ${react} hosts`, process.env);
  });
}

function installedVersion(deps: string, name: string): string {
  return (JSON.parse(readFileSync(path.join(deps, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Each tool's own CLI, as its docs run it. */
const TOOLS: Record<Exclude<BuildTool, 'none'>, { bin: string; args: string[] }> = {
  rspack: { bin: '@rspack/cli/bin/rspack.js', args: ['build'] },
  vite: { bin: 'vite/bin/vite.js', args: ['build'] },
  // Terser took 6-10 s of each webpack build (React); what is tested does not depend on it.
  webpack: { bin: 'webpack-cli/bin/cli.js', args: ['--mode', 'production', '--no-optimization-minimize'] },
};

/** The federation runtime's ESM build, served as files by the page with no bundler. */
const PLAIN_VENDOR = ['runtime', 'runtime-core', 'sdk', 'error-codes'];
/** The runtime plugin bounding the remote's requests, shared by the static webpack host and the plain page. */
const REMOTE_TIMEOUT_PLUGIN = path.join(HOSTS_DIR, 'app/remoteTimeout.js');

type Built = { dir: string; versions: Record<string, string>; seconds: number };

async function buildPlain(): Promise<Built> {
  const source = path.join(HOSTS_DIR, 'plain');
  const packages = PLAIN_VENDOR.map((name) => path.join(ROOT, 'node_modules/@module-federation', name));
  const versions = Object.fromEntries(
    packages.map((dir) => [`@module-federation/${path.basename(dir)}`, (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version]),
  );
  const files = [path.join(source, 'index.html'), REMOTE_TIMEOUT_PLUGIN];
  const final = path.join(BUILDS, `host-plain-${hashOf(Object.entries(versions).flat(), files)}`);
  const { dir, seconds } = await once(final, 'built the plain host', async (work) => {
    for (const file of files) cpSync(file, path.join(work, path.basename(file)));
    for (const dir of packages) {
      cpSync(path.join(dir, 'dist'), path.join(work, 'vendor', path.basename(dir)), {
        recursive: true,
        filter: (file) => statSync(file).isDirectory() || /\.m?js$/.test(file),
      });
    }
  });
  return { dir, versions, seconds };
}

async function buildHost(host: MatrixHost, tool: (typeof TOOLS)[keyof typeof TOOLS], deps: string): Promise<Built> {
  const versions = Object.fromEntries(['react', ...host.packages].map((name) => [name, installedVersion(deps, name)]));
  const sources = [path.join(HOSTS_DIR, host.fixture), path.join(HOSTS_DIR, 'app')];
  const final = path.join(BUILDS, `host-${host.id}-${hashOf([deps], sources.flatMap(filesUnder))}`);
  const { dir, seconds } = await once(final, `built ${host.id}`, async (work) => {
    // Built inside the tools' install, so every import resolves to that React line's packages.
    const stage = path.join(deps, `stage-${host.id}-${process.pid}`);
    rmSync(stage, { recursive: true, force: true });
    try {
      for (const src of sources) cpSync(src, path.join(stage, path.basename(src)), { recursive: true });
      const cwd = path.join(stage, host.fixture);
      await run(NODE, [realpathSync(path.join(deps, 'node_modules', tool.bin)), ...tool.args], cwd, `the ${host.id} build`, {
        ...process.env,
        NODE_ENV: 'production',
      });
      cpSync(path.join(cwd, 'dist'), work, { recursive: true });
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  });
  return { dir, versions, seconds };
}

function startServer(dirs: Record<string, string>): Promise<ServerProcess<Record<string, string>>> {
  return startServerProcess<Record<string, string>>('hostMatrixServe.ts', { E2E_HOST_DIRS: JSON.stringify(dirs) }, 'the host matrix server');
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Installs, builds and serves the matrix; never throws: a host that failed carries its reason. */
export async function setUpHostMatrix(): Promise<void> {
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

  // One chain per React line (install, then its hosts one after the other), both at once: an
  // install waits on the network while the other line builds.
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
  const chain = async (react: ReactLine) => {
    let deps: { dir: string; seconds: number } | Error;
    try {
      deps = await installDeps(react);
      env.timings[`install react${react}`] = deps.seconds;
      installs.push(path.basename(deps.dir));
    } catch (error) {
      deps = new Error(`the React ${react} hosts' tools did not install: ${reasonOf(error)}`);
    }
    for (const host of MATRIX.filter((h) => h.react === react)) {
      await record(host, async () => {
        if (deps instanceof Error) throw deps;
        if (host.tool === 'none') throw new Error(`${host.id} has React but no build tool`);
        return buildHost(host, TOOLS[host.tool], deps.dir);
      });
    }
  };
  await Promise.all([
    chain('18'),
    chain('19'),
    ...MATRIX.filter((h) => !h.react).map((host) => record(host, buildPlain)),
  ]);
  prune(DEPS, (name) => /^(react\d+)-/.exec(name)?.[1] ?? null, new Set(installs));

  const kept = new Set(Object.values(dirs).map((d) => path.basename(d)));
  prune(BUILDS, (name) => /^(host-.+)-[0-9a-f]{16}$/.exec(name)?.[1] ?? null, kept);

  try {
    const { urls } = await startServer(dirs);
    for (const [id, url] of Object.entries(urls)) env.hosts[id].url = url;
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
