/** @jest-environment node */
// The Node lines the project is tested on are the ones package.json's `engines` names, and the
// lockfile installs on each without a warning: no package in it refuses either line (npm's
// EBADENGINE), and every install script in it has been decided in `allowScripts`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// semver is what npm itself checks `engines` with (hoisted here by Babel's and Jest's tools).
const semver = require('semver') as {
  satisfies(version: string, range: string): boolean;
  major(version: string): number;
  minVersion(range: string): { version: string } | null;
};

const ROOT = path.resolve(__dirname, '..');
const json = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  optional?: boolean;
  os?: string[];
}
const pkg = json<{ engines: { node: string }; devDependencies: Record<string, string>; allowScripts?: Record<string, boolean> }>(
  'package.json',
);
const lock = json<{ packages: Record<string, LockEntry> }>('package-lock.json');
/** The Node CI runs everything on (.ci/run, and the e2e hosts that need it). */
const CI_NODE = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
/** The lowest version of each line `engines` admits: the oldest Node a user may install with. */
const LINES = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);

describe('the Node versions: engines, .nvmrc and the lockfile agree', () => {
  it("engines admits today's lines, 22, 24 and 26, with exactly the Node 24 CI runs", () => {
    expect(LINES.map((line) => semver.major(line))).toEqual([22, 24, 26]);
    expect(LINES).toContain(CI_NODE);
    expect(semver.major(CI_NODE)).toBe(24);
  });

  it('every package of packages/* states the same engines', () => {
    for (const name of ['host-kit', 'server', 'remote-types']) {
      expect(json<{ engines: { node: string } }>(`packages/${name}/package.json`).engines.node).toBe(pkg.engines.node);
    }
  });

  it("@types/node describes CI's Node line", () => {
    expect(semver.major(pkg.devDependencies['@types/node'])).toBe(semver.major(CI_NODE));
  });

  it.each(LINES)('every package in the lockfile accepts Node %s (npm install prints no EBADENGINE)', (node) => {
    const refusing = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // Another platform's optional binary is never installed here, whatever it declares.
      if (!where || !range || (entry.optional && entry.os && !entry.os.includes(process.platform))) return [];
      return semver.satisfies(node, range) ? [] : [`${where}@${entry.version}: node ${range}`];
    });
    expect(refusing).toEqual([]);
  });

  it('every install script in the lockfile is decided in allowScripts (npm install prints no install-scripts warning)', () => {
    const decided = new Set(Object.keys(pkg.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')));
    const undecided = Object.entries(lock.packages)
      .filter(([where, entry]) => where && entry.hasInstallScript && !(entry.optional && entry.os && !entry.os.includes(process.platform)))
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => !decided.has(name));
    expect(undecided).toEqual([]);
  });
});

describe('the embedded database: one engine everywhere the server half runs', () => {
  // PGlite's folder format follows its Postgres major: a host that installs another PGlite beside
  // the server package cannot open the prepared cluster the server ships ("failed to initialize").
  const serverPglite = json<{ dependencies: Record<string, string> }>('packages/server/package.json').dependencies['@electric-sql/pglite'];
  const hosts = readdirSync(path.join(ROOT, 'tests/e2e/hosts'))
    .map((name) => `tests/e2e/hosts/${name}/package.json`)
    .filter((file) => existsSync(path.join(ROOT, file)));

  it('the root and every host that pins PGlite install the server package’s version', () => {
    const pinned = [
      ['package.json', pkg.devDependencies['@electric-sql/pglite']],
      ...hosts.map((file) => [file, json<{ dependencies?: Record<string, string> }>(file).dependencies?.['@electric-sql/pglite']]),
    ].filter(([, version]) => version !== undefined && version !== '*');
    expect(pinned.length).toBeGreaterThan(1);
    expect(pinned.filter(([, version]) => version !== serverPglite)).toEqual([]);
  });
});
