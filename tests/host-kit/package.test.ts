/**
 * @jest-environment node
 */
// The kit as a host installs it: `npm pack`'s tarball holds every file its `exports` names (types
// first in each condition), its version is the CHANGELOG's newest, and the runtime-plugin entries
// export the function a bundler's `runtimePlugins` calls.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import remoteTimeout from '@checkout/host-kit/remoteTimeout';
import verifiedRelease from '@checkout/host-kit/verifiedRelease';

const KIT = path.resolve(__dirname, '../../packages/host-kit');
const manifest = JSON.parse(readFileSync(path.join(KIT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string | { types: string; default: string }>;
  peerDependencies: Record<string, string>;
};

it('is @checkout/host-kit at the version its CHANGELOG names last, with types before code in every export', () => {
  expect(manifest.name).toBe('@checkout/host-kit');
  const changelog = readFileSync(path.join(KIT, 'CHANGELOG.md'), 'utf8');
  expect(/^## (\S+)/m.exec(changelog)?.[1]).toBe(manifest.version);
  for (const target of Object.values(manifest.exports)) {
    if (typeof target === 'string') continue;
    expect(Object.keys(target)).toEqual(['types', 'default']);
  }
});

it('packs every file its exports name, and no source or test', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'host-kit-'));
  // Packed from a copy: `prepack` rebuilds dist/, and the browser lane of `npm test` packs the kit
  // itself at the same time. The copy sits inside the repository so its build finds node_modules.
  mkdirSync(path.join(KIT, '../../.tmp'), { recursive: true });
  const copy = mkdtempSync(path.join(KIT, '../../.tmp/host-kit-'));
  cpSync(KIT, copy, { recursive: true, filter: (from) => !/[/\\](dist|node_modules)$/.test(from) });
  try {
    const [{ files }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
        cwd: copy,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as [{ files: Array<{ path: string }> }];
    const packed = new Set(files.map((file) => file.path));
    const named = Object.values(manifest.exports).flatMap((target) =>
      typeof target === 'string' ? [target] : [target.types, target.default],
    );
    for (const file of named) expect(packed).toContain(file.replace(/^\.\//, ''));
    expect([...packed].filter((file) => file.startsWith('src/') || file.endsWith('.tsx'))).toEqual([]);
    expect(packed).toContain('CHANGELOG.md');
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
}, 60_000);

it('gives runtimePlugins entries that bundlers call with their options object', () => {
  expect(remoteTimeout({ timeoutMs: 100 }).name).toBe('checkout-timeouts');
  expect(remoteTimeout().name).toBe('checkout-timeouts');
  expect(verifiedRelease({ trust: { inventoryIntegrity: 'sha384-x' }, reportUrl: '/monitoring' }).name).toBe('verified-release');
});
