/** @jest-environment node */
// Each package as an open-source review reads its tarball: its types resolve for every kind of host
// (`attw`, on the tarball `npm pack` made), its package.json passes publint, it is MIT with the
// LICENSE, a README and where it comes from, and it runs on the Node lines the repository does. The
// remote's types are versioned with the remote, and export every public type of its sources.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { run } from '../e2e/support/buildCache';
import { packWorkspace, WORKSPACES, type PackedWorkspace, type Workspace } from '../support/packedWorkspace';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const rootPkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };

/**
 * attw's profile per package: the kit is ES modules only (a CommonJS host imports it dynamically);
 * the server half's subpaths need `exports`, which node10 resolution predates.
 */
const ATTW: Record<Workspace, string[]> = {
  'host-kit': ['--profile', 'esm-only', '--exclude-entrypoints', 'checkoutFallback.css'],
  server: ['--profile', 'node16'],
  'remote-types': ['--profile', 'strict'],
};

interface Manifest {
  name: string;
  version: string;
  license: string;
  type?: string;
  engines: { node: string };
  homepage?: string;
  repository?: { url: string; directory: string };
}

const packed = new Map<Workspace, PackedWorkspace>();
beforeAll(async () => {
  for (const workspace of WORKSPACES) packed.set(workspace, await packWorkspace(workspace));
}, 600_000);

describe.each(WORKSPACES)('packages/%s, packed', (workspace) => {
  const pkg = () => packed.get(workspace)!;
  const manifest = () => JSON.parse(readFileSync(path.join(pkg().dir, 'package.json'), 'utf8')) as Manifest;

  it('is MIT, with the LICENSE, a README, its CHANGELOG, and says where it comes from', () => {
    const { license, repository, homepage, type, engines } = manifest();
    expect(license).toBe('MIT');
    expect(readFileSync(path.join(pkg().dir, 'LICENSE'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    for (const file of ['README.md', 'CHANGELOG.md']) expect(readFileSync(path.join(pkg().dir, file), 'utf8')).toMatch(/^# /);
    expect(repository).toEqual({ type: 'git', url: expect.stringMatching(/^git\+https:\/\//), directory: `packages/${workspace}` });
    expect(homepage).toContain(`/packages/${workspace}`);
    expect(['module', 'commonjs']).toContain(type);
    expect(engines.node).toBe(rootPkg.engines.node);
  });

  it('has types every kind of host resolves (attw on the tarball)', async () => {
    await run(
      BIN + '/attw',
      [pkg().tarball, '--no-definitely-typed', '--format', 'ascii', ...ATTW[workspace]],
      ROOT,
      `attw ${workspace}`,
      process.env,
    );
  }, 120_000);

  it('passes publint, warnings included', async () => {
    await run(BIN + '/publint', ['run', pkg().tarball, '--strict'], ROOT, `publint ${workspace}`, process.env);
  }, 120_000);
});

/** The names a module exports, as the compiler sees them. */
function exportsOf(file: string): string[] {
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker
    .getExportsOfModule(symbol)
    .map((s) => s.getName())
    .sort();
}

describe('@checkout/remote-types', () => {
  it("carries the remote's version: the remote's public surface moves with it", () => {
    expect(packed.get('remote-types')!.version).toBe(rootPkg.version);
  });

  it("exports every public type of the remote's src/core/types.ts and the element's", () => {
    const published = exportsOf(path.join(packed.get('remote-types')!.dir, 'dist/packages/remote-types/index.d.ts'));
    const sources = [...exportsOf(path.join(ROOT, 'src/core/types.ts')), ...exportsOf(path.join(ROOT, 'src/element/elementTypes.ts'))];
    expect(published).toEqual(expect.arrayContaining(sources));
  }, 60_000);
});
