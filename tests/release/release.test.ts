/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRelease, stampManifest } from '../../release/release';

const ROOT = path.resolve(__dirname, '../..');
const NOW = () => new Date('2026-01-02T03:04:05.000Z');

describe('readRelease', () => {
  let outsideGit: string;
  beforeAll(() => {
    outsideGit = mkdtempSync(path.join(os.tmpdir(), 'release-'));
    writeFileSync(path.join(outsideGit, 'package.json'), JSON.stringify({ version: '3.4.5' }));
  });
  afterAll(() => rmSync(outsideGit, { recursive: true, force: true }));

  it("stamps this checkout's package version and git commit (marked -dirty with uncommitted changes)", () => {
    const release = readRelease(ROOT, {}, NOW);
    expect(release).toEqual({
      name: 'checkout',
      version: require('../../package.json').version,
      commit: expect.stringMatching(/^[0-9a-f]{40}(-dirty)?$/),
      builtAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('says unknown outside a git checkout rather than guessing', () => {
    expect(readRelease(outsideGit, {}, NOW)).toEqual({
      name: 'checkout',
      version: '3.4.5',
      commit: 'unknown',
      builtAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('takes RELEASE_COMMIT and SOURCE_DATE_EPOCH from the environment (a CI building an exported tree, reproducibly)', () => {
    const release = readRelease(outsideGit, { RELEASE_COMMIT: 'abc1234', SOURCE_DATE_EPOCH: '1767225600' }, NOW);
    expect(release).toMatchObject({ commit: 'abc1234', builtAt: '2026-01-01T00:00:00.000Z' });
  });
});

describe('stampManifest', () => {
  it("puts the release in the manifest's metaData and its version in buildInfo", () => {
    const release = { name: 'checkout', version: '1.2.3', commit: 'abc', builtAt: '2026-01-01T00:00:00.000Z' };
    const stats = { metaData: { name: 'checkout', buildInfo: { buildVersion: 'local', buildName: 'checkout-remote' } } };
    stampManifest(release)({ stats });
    expect(stats).toEqual({ metaData: { name: 'checkout', buildInfo: { buildVersion: '1.2.3', buildName: 'checkout-remote' }, release } });
  });
});
