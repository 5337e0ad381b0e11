/** @jest-environment node */
// The packed tarballs as hosts compile against them: a host's server and page (tests/packages/consumer)
// compiled with tsc as a bundler project, an ES module (node16, .mts) and CommonJS (node16, .cts),
// each with its own stripe: the oldest (23.1.0) and the newest of @checkout/server's peer range. The
// host's tools install once into .tmp/packages/consumer-deps-<hash> (no network after that); each run
// only copies the tarballs' contents beside them.
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashOf, once, run } from '../e2e/support/buildCache';
import { PACKAGES_TMP, packWorkspace, WORKSPACES, type PackedWorkspace } from '../support/packedWorkspace';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, 'consumer');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const json = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

const root = json<{ devDependencies: Record<string, string> }>(path.join(ROOT, 'package.json')).devDependencies;
const server = json<{ dependencies: Record<string, string>; peerDependencies: { stripe: string } }>(
  path.join(ROOT, 'packages/server/package.json'),
);
/** The stripes a host may have: the range's oldest and its newest (as the registry had it at the first install). */
const STRIPES = {
  oldest: `npm:stripe@${server.peerDependencies.stripe.replace(/^\^/, '')}`,
  newest: `npm:stripe@${server.peerDependencies.stripe}`,
};

/** What the packages' declarations import, at the versions the repository builds with. */
const HOST_TOOLS = {
  ...server.dependencies,
  ...Object.fromEntries(Object.entries(STRIPES).map(([name, spec]) => [`stripe-${name}`, spec])),
  '@module-federation/runtime': root['@module-federation/enhanced'],
  '@types/node': root['@types/node'],
  '@types/pg': root['@types/pg'],
  '@types/react': root['@types/react'],
};

// skipLibCheck: stripe's declarations are large, and what a host meets shows at its own call sites.
const strict = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  esModuleInterop: true,
  types: ['node'],
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
};
/** Each way a host compiles: its compiler options and the fixture files it compiles, by their name there. */
const PROJECTS = {
  bundler: {
    options: { ...strict, module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx' },
    files: { 'server.ts': 'server.ts', 'remote.ts': 'remote.ts', 'slot.tsx': 'slot.tsx' },
  },
  'node16 ESM': {
    options: { ...strict, module: 'node16', moduleResolution: 'node16' },
    files: { 'server.mts': 'server.ts', 'remote.mts': 'remote.ts' },
  },
  // The kit is ES modules only: a CommonJS host imports it dynamically, so only the server half here.
  'node16 CJS': { options: { ...strict, module: 'node16', moduleResolution: 'node16' }, files: { 'server.cts': 'server.ts' } },
};

let packed: PackedWorkspace[];
let deps: string;

beforeAll(async () => {
  packed = [];
  for (const workspace of WORKSPACES) packed.push(await packWorkspace(workspace));
  const manifest = JSON.stringify({ name: 'consumer-deps', private: true, dependencies: HOST_TOOLS }, null, 2);
  ({ dir: deps } = await once(
    path.join(PACKAGES_TMP, `consumer-deps-${hashOf([manifest], [])}`),
    "installed a host's tools",
    async (work) => {
      writeFileSync(path.join(work, 'package.json'), manifest);
      await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], work, "npm install of a host's tools", process.env);
    },
  ));
}, 600_000);

/** A host folder inside the tools' install: the tarballs' contents and this stripe in its node_modules. */
function hostWith(stripe: keyof typeof STRIPES): string {
  const host = path.join(deps, 'hosts', `${stripe}-${process.pid}`);
  rmSync(host, { recursive: true, force: true });
  mkdirSync(path.join(host, 'node_modules/@checkout'), { recursive: true });
  for (const pkg of packed) cpSync(pkg.dir, path.join(host, 'node_modules', pkg.name), { recursive: true });
  symlinkSync(path.join(deps, 'node_modules', `stripe-${stripe}`), path.join(host, 'node_modules/stripe'), 'dir');
  for (const [name, { options, files }] of Object.entries(PROJECTS)) {
    for (const [as, source] of Object.entries(files)) copyFileSync(path.join(FIXTURE, source), path.join(host, as));
    writeFileSync(
      path.join(host, `tsconfig.${name.replace(' ', '-')}.json`),
      JSON.stringify({ compilerOptions: options, files: Object.keys(files) }),
    );
  }
  return host;
}

/** Every compile, by stripe and project: all started at once (each tsc is one core's work for seconds). */
const compiles = new Map<string, Promise<void>>();
const hosts: string[] = [];
beforeAll(() => {
  for (const stripe of Object.keys(STRIPES) as Array<keyof typeof STRIPES>) {
    const host = hostWith(stripe);
    hosts.push(host);
    for (const name of Object.keys(PROJECTS)) {
      const args = [TSC, '-p', `tsconfig.${name.replace(' ', '-')}.json`];
      const compiled = run(process.execPath, args, host, `tsc (${name}, stripe ${stripe})`, process.env);
      compiled.catch(() => {}); // its test awaits it and fails with its message; until then it is not unhandled
      compiles.set(`${stripe} ${name}`, compiled);
    }
  }
});
afterAll(async () => {
  await Promise.allSettled(compiles.values());
  for (const host of hosts) rmSync(host, { recursive: true, force: true });
});

describe.each(Object.keys(STRIPES) as Array<keyof typeof STRIPES>)('a host with the %s stripe in range', (stripe) => {
  it.each(Object.keys(PROJECTS))(
    'compiles as %s',
    async (name) => {
      await expect(compiles.get(`${stripe} ${name}`)).resolves.toBeUndefined();
    },
    300_000,
  );
});
