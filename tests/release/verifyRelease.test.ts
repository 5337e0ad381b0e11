/**
 * @jest-environment node
 */
// verify-release against a small release served as a CDN would (serve/staticServer.ts), signed with
// the committed test key, then changed one way at a time.
import { generateKeyPairSync } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../serve/staticServer';
import { inventoryBytes, inventoryFile, releaseInventory } from '../../release/releaseInventory';
import { devPublicKey, signBytes, signingKey } from '../../release/signing';
import { channelManifest } from '../../release/channelManifest';
import { verifyRelease } from '../../release/verifyRelease';

const ROOT = path.resolve(__dirname, '../..');
const RELEASE = { name: 'checkout', version: '9.9.9', commit: 'abc', builtAt: '2026-01-01T00:00:00.000Z' };
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, release: RELEASE },
  exposes: [{ path: './CheckoutButton', assets: { js: { sync: ['545.0123456789.js'], async: ['226.0123456789.js'] } } }],
  shared: [],
};
// Written as a build would; the server answers `changed` instead where a test says so.
const FILES: Record<string, string> = {
  'remoteEntry.js': 'var checkout = "entry";',
  '545.0123456789.js': 'window.loader = 1;',
  '226.0123456789.js': 'window.click = 2;',
  'mf-manifest.json': JSON.stringify(MANIFEST),
};

let server: StaticServer;
let dir: string;
/** What the server answers instead of the built file (null: 404), as a tampering CDN would. */
const changed = new Map<string, string | null>();

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'verify-release-'));
  mkdirSync(path.join(dir, 'releases/9.9.9'), { recursive: true });
  for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, 'releases/9.9.9', name), text);
  const listed = Object.entries(FILES).map(([name, text]) => inventoryFile(name, Buffer.from(text), 'a test'));
  const bytes = inventoryBytes(releaseInventory(RELEASE, listed));
  writeFileSync(path.join(dir, 'releases/9.9.9/release-inventory.json'), bytes);
  writeFileSync(path.join(dir, 'releases/9.9.9/release-inventory.json.sig'), signBytes(bytes, signingKey({}).key));
  server = await startStaticServer({
    root: dir,
    handle(req, res) {
      const name = new URL(req.url ?? '/', 'http://x').pathname.replace('/releases/9.9.9/', '');
      if (!changed.has(name)) return false;
      const body = changed.get(name);
      res.writeHead(body === null ? 404 : 200).end(body ?? 'Not found');
      return true;
    },
  });
});
afterEach(() => changed.clear());
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const releaseUrl = () => `${server.url}/releases/9.9.9/`;
const original = (name: string) => readFileSync(path.join(dir, 'releases/9.9.9', name), 'utf8');

describe('verifyRelease', () => {
  it('finds no drift in the release as built: the signature and every file match', async () => {
    const check = await verifyRelease(releaseUrl(), devPublicKey());
    expect(check).toEqual({ releaseUrl: releaseUrl(), release: RELEASE, matched: 4, drift: [] });
  });

  it('names a file with one byte changed, and one that is missing', async () => {
    changed.set('545.0123456789.js', FILES['545.0123456789.js'].replace('1', '7'));
    changed.set('226.0123456789.js', null);
    const { drift, matched } = await verifyRelease(releaseUrl(), devPublicKey());
    expect(matched).toBe(2);
    expect(drift).toEqual([
      { path: '226.0123456789.js', problem: 'answered 404' },
      { path: '545.0123456789.js', problem: expect.stringMatching(/^has integrity sha384-\S+, the inventory says sha384-/) },
    ]);
  });

  it('names a script the manifest asks hosts to load that the inventory does not list', async () => {
    const manifest = { ...MANIFEST, exposes: [{ path: './CheckoutButton', assets: { js: { sync: ['545.0123456789.js', 'skimmer.js'], async: [] } } }] };
    changed.set('mf-manifest.json', JSON.stringify(manifest));
    const { drift } = await verifyRelease(releaseUrl(), devPublicKey());
    expect(drift).toEqual([
      { path: 'skimmer.js', problem: 'named by the manifest (exposed ./CheckoutButton) but not in the inventory' },
      { path: 'mf-manifest.json', problem: expect.stringMatching(/^is \d+ bytes, the inventory says \d+$/) },
    ]);
  });

  it("refuses an inventory signed by another key, and a signature that is not the inventory's", async () => {
    const other = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
    expect((await verifyRelease(releaseUrl(), other)).drift).toEqual([
      { path: 'release-inventory.json.sig', problem: 'is not a valid signature of release-inventory.json by the public key given' },
    ]);
    changed.set('release-inventory.json', original('release-inventory.json').replace('"a test"', '"a tesT"'));
    expect((await verifyRelease(releaseUrl(), devPublicKey())).drift.map((d) => d.path)).toEqual(['release-inventory.json.sig']);
  });

  it("follows a channel's manifest to its release and checks the release's files", async () => {
    changed.set('/stable/mf-manifest.json', JSON.stringify(channelManifest(MANIFEST, releaseUrl())));
    const check = await verifyRelease(`${server.url}/stable/mf-manifest.json`, devPublicKey());
    expect(check).toMatchObject({ releaseUrl: releaseUrl(), matched: 4, drift: [] });
    changed.set('remoteEntry.js', `${FILES['remoteEntry.js']} `);
    expect((await verifyRelease(`${server.url}/stable/`, devPublicKey())).drift).toEqual([
      { path: 'remoteEntry.js', problem: `is ${FILES['remoteEntry.js'].length + 1} bytes, the inventory says ${FILES['remoteEntry.js'].length}` },
    ]);
  });
});

describe('npm run verify-release', () => {
  // Asynchronous: the server answering it runs in this process.
  const cli = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const options = { cwd: ROOT, env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' } };
      execFile(process.execPath, ['-r', 'ts-node/register', path.join(ROOT, 'release/verifyReleaseCli.ts'), ...args], options, (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });

  it('exits 0 with a short report, warning that the test key was used; 1 naming each drifted file', async () => {
    const ok = await cli(releaseUrl());
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('OK: the signature and all 4 files match the inventory.');
    expect(ok.stdout).toContain('WARNING: checked against the committed TEST KEY');

    changed.set('226.0123456789.js', FILES['226.0123456789.js'].replace('2', '3'));
    const drifted = await cli(releaseUrl(), '--public-key', path.join(ROOT, 'release/keys/dev-signing-key.pub.txt'));
    expect(drifted.status).toBe(1);
    expect(drifted.stderr).toMatch(/DRIFT: 1 problem \(3 files matched\):\n {2}226\.0123456789\.js has integrity sha384-/);
  }, 60_000);

  it('exits 2 and says how to call it without a URL', async () => {
    const wrong = await cli('--public-key');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('usage: npm run verify-release');
  }, 60_000);
});
