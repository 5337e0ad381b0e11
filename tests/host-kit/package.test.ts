/**
 * @jest-environment node
 */
// The kit as a host installs it: its tarball (`npm pack --workspace packages/host-kit`) holds every file its `exports` names (types
// first in each condition), its version is the CHANGELOG's newest, and the runtime-plugin entries
// export the function a bundler's `runtimePlugins` calls.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packWorkspace } from '../support/packedWorkspace';
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

it('packs every file its exports name, its README, CHANGELOG and LICENSE, and no source or test', async () => {
  const { dir } = await packWorkspace('host-kit');
  const packed = new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(path.sep).join('/')));
  const named = Object.values(manifest.exports).flatMap((target) =>
    typeof target === 'string' ? [target] : [target.types, target.default],
  );
  for (const file of named) expect(packed).toContain(file.replace(/^\.\//, ''));
  expect([...packed].filter((file) => file.startsWith('src/') || file.endsWith('.tsx'))).toEqual([]);
  for (const file of ['CHANGELOG.md', 'README.md', 'LICENSE']) expect(packed).toContain(file);
}, 300_000);

it('gives runtimePlugins entries that bundlers call with their options object', () => {
  expect(remoteTimeout({ timeoutMs: 100 }).name).toBe('checkout-timeouts');
  expect(remoteTimeout().name).toBe('checkout-timeouts');
  expect(verifiedRelease({ trust: { inventoryIntegrity: 'sha384-x' }, reportUrl: '/monitoring' }).name).toBe('verified-release');
});
