/**
 * @jest-environment node
 */
// verify-release against a small release served as a CDN would (serve/staticServer.ts: each file and its
// .gz and .br copies), signed with a key made for the test, then changed one way at a time.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startStaticServer, type StaticServer } from '../../serve/staticServer';
import { inventoryBytes, inventoryFile, releaseInventory } from '../../release/releaseInventory';
import { loadSigningKey, runSigningKey, signBytes, TEST_KEY_FILE, TEST_PUBLIC_KEY_FILE, type SigningKey } from '../../release/signing';
import { channelManifest } from '../../release/channelManifest';
import { verifyRelease, type VerifyOptions } from '../../release/verifyRelease';
import { tsNodeChildEnv } from '../support/tsNodeChild';

const ROOT = path.resolve(__dirname, '../..');
const RELEASE = { name: 'checkout', version: '9.9.9', commit: 'abc', builtAt: '2026-01-01T00:00:00.000Z' };
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, release: RELEASE },
  exposes: [{ path: './CheckoutButton', assets: { js: { sync: ['545.0123456789.js'], async: ['226.0123456789.js'] } } }],
  shared: [],
};
// Written as a build would, each with its .gz and .br copies; the server answers `changed` instead where a test says so.
const FILES: Record<string, string> = {
  'remoteEntry.js': 'var checkout = "entry";',
  '545.0123456789.js': 'window.loader = 1;',
  '226.0123456789.js': 'window.click = 2;',
  'mf-manifest.json': JSON.stringify(MANIFEST),
};
const TERMS = { sequence: 1_000, expires: '2099-01-01T00:00:00.000Z' };

let server: StaticServer;
let dir: string;
let publisher: SigningKey & { keyFile: string };
/**
 * What the server answers instead of the built file (null: 404), as a tampering CDN would: by name for
 * every encoding, or by `name [encoding]` for that encoding alone (the bytes it sends, encoded).
 * (sirv keeps each file's size from its start: files on disk are never changed.)
 */
const changed = new Map<string, string | Buffer | null>();
const at = (name: string) => path.join(dir, 'releases/9.9.9', name);

/** The file and its compressed copies, as the build writes them. */
function writeEncoded(name: string, text: string | Buffer): void {
  writeFileSync(at(name), text);
  writeFileSync(at(`${name}.gz`), gzipSync(text));
  writeFileSync(at(`${name}.br`), brotliCompressSync(text));
}

/** An inventory of FILES signed by `signer`: its bytes and signature. */
function signed(signer: SigningKey, terms = TERMS): { inventory: Buffer; signature: string } {
  const listed = Object.entries(FILES).map(([name, text]) => inventoryFile(name, Buffer.from(text), 'a test'));
  const inventory = inventoryBytes(releaseInventory(RELEASE, listed, { keyId: signer.keyId, ...terms }));
  return { inventory, signature: signBytes(inventory, signer.key) };
}

/** The release served as `signer` signed it (every encoding of the inventory alike). */
function serveSignedBy(signer: SigningKey): void {
  const { inventory, signature } = signed(signer);
  changed.set('release-inventory.json', inventory);
  changed.set('release-inventory.json.sig', signature);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'verify-release-'));
  mkdirSync(path.join(dir, 'releases/9.9.9'), { recursive: true });
  publisher = runSigningKey(path.join(dir, 'key'));
  for (const [name, text] of Object.entries(FILES)) writeEncoded(name, text);
  const { inventory, signature } = signed(publisher);
  writeEncoded('release-inventory.json', inventory);
  writeFileSync(at('release-inventory.json.sig'), signature);
  server = await startStaticServer({
    root: dir,
    handle(req, res) {
      const name = new URL(req.url ?? '/', 'http://x').pathname.replace('/releases/9.9.9/', '');
      const encoding = String(req.headers['accept-encoding']);
      const encoded = changed.get(`${name} [${encoding}]`);
      if (encoded !== undefined) {
        res.writeHead(200, encoding === 'identity' ? {} : { 'Content-Encoding': encoding }).end(encoded);
        return true;
      }
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

const trust = (more: Partial<VerifyOptions> = {}): VerifyOptions => ({ publisherKeys: [publisher.publicKey], ...more });
const releaseUrl = () => `${server.url}/releases/9.9.9/`;

describe('verifyRelease', () => {
  it('finds no drift in the release as built: the signature and every file, in every encoding, match', async () => {
    const check = await verifyRelease(releaseUrl(), trust());
    expect(check).toEqual({ releaseUrl: releaseUrl(), release: RELEASE, matched: 4, drift: [] });
  });

  it('names a file with one byte changed, and one that is missing (in every encoding alike: one line each)', async () => {
    changed.set('545.0123456789.js', FILES['545.0123456789.js'].replace('1', '7'));
    changed.set('226.0123456789.js', null);
    const { drift, matched } = await verifyRelease(releaseUrl(), trust());
    expect(matched).toBe(2);
    expect(drift).toEqual([
      { path: '226.0123456789.js', problem: 'answered 404' },
      { path: '545.0123456789.js', problem: expect.stringMatching(/^has integrity sha384-\S+, the inventory says sha384-/) },
    ]);
  });

  it('names the encoding that drifted: a changed .br copy alone (what browsers get over https)', async () => {
    changed.set('remoteEntry.js [br]', brotliCompressSync(`${FILES['remoteEntry.js']}alert(1)`));
    const { drift, matched } = await verifyRelease(releaseUrl(), trust());
    expect(matched).toBe(3);
    expect(drift).toEqual([
      { path: 'remoteEntry.js', encoding: 'br', problem: expect.stringMatching(/^is \d+ bytes, the inventory says \d+$/) },
    ]);
  });

  it('names the encoding that drifted: a changed identity copy alone (its .gz and .br untouched)', async () => {
    changed.set('545.0123456789.js [identity]', FILES['545.0123456789.js'].replace('1', '8'));
    const { drift } = await verifyRelease(releaseUrl(), trust());
    expect(drift).toEqual([{ path: '545.0123456789.js', encoding: 'identity', problem: expect.stringMatching(/^has integrity sha384-/) }]);
  });

  it('names a changed gzip copy of the inventory itself', async () => {
    changed.set(
      'release-inventory.json [gzip]',
      gzipSync(readFileSync(at('release-inventory.json'), 'utf8').replace('"a test"', '"a tesT"')),
    );
    const { drift } = await verifyRelease(releaseUrl(), trust());
    expect(drift).toEqual([
      { path: 'release-inventory.json', encoding: 'gzip', problem: expect.stringMatching(/^differs from the identity copy/) },
    ]);
  });

  it('names a script the manifest asks hosts to load that the inventory does not list', async () => {
    const manifest = {
      ...MANIFEST,
      exposes: [{ path: './CheckoutButton', assets: { js: { sync: ['545.0123456789.js', 'skimmer.js'], async: [] } } }],
    };
    changed.set('mf-manifest.json', JSON.stringify(manifest));
    const { drift } = await verifyRelease(releaseUrl(), trust());
    expect(drift).toEqual([
      { path: 'skimmer.js', problem: 'named by the manifest (exposed ./CheckoutButton) but not in the inventory' },
      { path: 'mf-manifest.json', problem: expect.stringMatching(/^is \d+ bytes, the inventory says \d+$/) },
    ]);
  });

  it("refuses an inventory of a key not in the set, a signature that is not the inventory's, a lower sequence and the test key, each with its reason", async () => {
    const other = runSigningKey(path.join(dir, 'other-key'));
    expect((await verifyRelease(releaseUrl(), trust({ publisherKeys: [other.publicKey] }))).drift).toEqual([
      { path: 'release-inventory.json', reason: 'unknown-key', problem: expect.stringContaining(publisher.keyId) },
    ]);
    // A rotation: the set of both keys takes it.
    expect((await verifyRelease(releaseUrl(), trust({ publisherKeys: [other.publicKey, publisher.publicKey] }))).drift).toEqual([]);
    expect((await verifyRelease(releaseUrl(), trust({ minSequence: TERMS.sequence + 1 }))).drift).toEqual([
      { path: 'release-inventory.json', reason: 'sequence', problem: expect.stringContaining('below the minimum 1001') },
    ]);
    changed.set('release-inventory.json', readFileSync(at('release-inventory.json'), 'utf8').replace('"a test"', '"a tesT"'));
    expect((await verifyRelease(releaseUrl(), trust())).drift.map((d) => [d.path, d.reason])).toEqual([
      ['release-inventory.json.sig', 'signature'],
    ]);
    changed.clear();
    const testKey = loadSigningKey(TEST_KEY_FILE);
    serveSignedBy(testKey);
    expect((await verifyRelease(releaseUrl(), trust({ publisherKeys: [testKey.publicKey] }))).drift.map((d) => d.reason)).toEqual([
      'test-key',
    ]);
    expect((await verifyRelease(releaseUrl(), trust({ publisherKeys: [testKey.publicKey], development: true }))).drift).toEqual([]);
  });

  it("follows a channel's manifest to its release and checks the chain: the channel is the release's own manifest, the release's files", async () => {
    changed.set('/stable/mf-manifest.json', JSON.stringify(channelManifest(MANIFEST, releaseUrl())));
    const check = await verifyRelease(`${server.url}/stable/mf-manifest.json`, trust());
    expect(check).toMatchObject({ releaseUrl: releaseUrl(), matched: 4, drift: [] });
    changed.set('remoteEntry.js', `${FILES['remoteEntry.js']} `);
    expect((await verifyRelease(`${server.url}/stable/`, trust())).drift).toEqual([
      {
        path: 'remoteEntry.js',
        problem: `is ${FILES['remoteEntry.js'].length + 1} bytes, the inventory says ${FILES['remoteEntry.js'].length}`,
      },
    ]);
    changed.delete('remoteEntry.js');
    const skimming = { ...MANIFEST, exposes: [{ path: './CheckoutButton', assets: { js: { sync: ['skimmer.js'], async: [] } } }] };
    changed.set('/stable/mf-manifest.json', JSON.stringify(channelManifest(skimming, releaseUrl())));
    expect((await verifyRelease(`${server.url}/stable/mf-manifest.json`, trust())).drift).toEqual([
      {
        path: `${server.url}/stable/mf-manifest.json`,
        reason: 'channel',
        problem: `is not the manifest of the release it names (${releaseUrl()}) with its publicPath`,
      },
      { path: 'skimmer.js', problem: 'named by the manifest (exposed ./CheckoutButton) but not in the inventory' },
    ]);
  });
});

describe('npm run verify-release', () => {
  // Asynchronous: the server answering it runs in this process.
  const cli = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const options = { cwd: ROOT, env: tsNodeChildEnv({ ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' }) };
      execFile(
        process.execPath,
        ['-r', 'ts-node/register', path.join(ROOT, 'release/verifyReleaseCli.ts'), ...args],
        options,
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });

  it('exits 0 with a short report; 1 naming each drifted file and encoding', async () => {
    const publicKeyFile = path.join(dir, 'key/signing-key.pub.txt');
    const ok = await cli(releaseUrl(), '--public-key', publicKeyFile);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('OK: the signature and all 4 files match the inventory, in every encoding (identity, gzip, br).');

    changed.set('226.0123456789.js [br]', brotliCompressSync(FILES['226.0123456789.js'].replace('2', '3')));
    const drifted = await cli(releaseUrl(), '--public-key', publicKeyFile);
    expect(drifted.status).toBe(1);
    expect(drifted.stderr).toMatch(/DRIFT: 1 problem \(3 files matched\):\n {2}226\.0123456789\.js \[br\] has integrity sha384-/);
  }, 60_000);

  it('takes the committed test key only with --development, and warns', async () => {
    serveSignedBy(loadSigningKey(TEST_KEY_FILE));
    const refused = await cli(releaseUrl(), '--public-key', TEST_PUBLIC_KEY_FILE);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('refused (test-key)');
    const development = await cli(releaseUrl(), '--development');
    expect(development.status).toBe(0);
    expect(development.stdout).toContain('WARNING: --development');
  }, 60_000);

  it('exits 2 and says how to call it without a URL, or without a key', async () => {
    const wrong = await cli('--public-key');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('usage: npm run verify-release');
    const keyless = await cli(releaseUrl());
    expect(keyless.status).toBe(2);
    expect(keyless.stderr).toContain("Give the publisher's public key");
  }, 60_000);
});
