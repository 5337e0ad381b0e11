/**
 * @jest-environment node
 */
// The build's signing key: a production build needs the publisher's; the committed test key signs only
// a build that says it is a development build; signatures verify with Web Crypto as a page does.
import { webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keyIdOf as keyIdInPage, SIGNATURE_ALGORITHM, SIGNATURE_KEY, TEST_KEY_ID } from '../../packages/host-kit/src/release/releaseFormat';
import {
  keyIdOf,
  loadSigningKey,
  releaseTerms,
  runSigningKey,
  signBytes,
  signingKey,
  TEST_KEY_FILE,
  TEST_PUBLIC_KEY_FILE,
} from '../../release/signing';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'signing-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the signing key of a production build', () => {
  it('is CHECKOUT_SIGNING_KEY (a PEM, or its file), a P-256 key, with the id pages compute', async () => {
    const made = runSigningKey(path.join(dir, 'a'));
    const fromFile = signingKey({ CHECKOUT_SIGNING_KEY: made.keyFile });
    const fromPem = signingKey({ CHECKOUT_SIGNING_KEY: readFileSync(made.keyFile, 'utf8') });
    expect([fromFile.keyId, fromPem.keyId, fromFile.isTestKey]).toEqual([made.keyId, made.keyId, false]);
    expect(await keyIdInPage(made.publicKey)).toBe(made.keyId);
    expect(readFileSync(path.join(dir, 'a/signing-key.pub.txt'), 'utf8').trim()).toBe(made.publicKey);
    // Made once: a second call (another process of the run) takes the same key.
    expect(runSigningKey(path.join(dir, 'a')).keyId).toBe(made.keyId);
  });

  it('fails without one, and given the committed test key, unless the build says it is a development build', () => {
    expect(() => signingKey({})).toThrow(
      /A production build signs its release inventory with the publisher's key: set CHECKOUT_SIGNING_KEY/,
    );
    expect(() => signingKey({ CHECKOUT_SIGNING_KEY: TEST_KEY_FILE })).toThrow(/is the committed TEST KEY/);
    expect(signingKey({ CHECKOUT_DEVELOPMENT_BUILD: '1' })).toMatchObject({ keyId: TEST_KEY_ID, isTestKey: true });
    expect(signingKey({ CHECKOUT_DEVELOPMENT_BUILD: '1', CHECKOUT_SIGNING_KEY: TEST_KEY_FILE }).isTestKey).toBe(true);
  });

  it('refuses a key of another kind', () => {
    const { generateKeyPairSync } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => loadSigningKey(ed25519)).toThrow('must be an ECDSA P-256 key, got ed25519');
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => loadSigningKey(p384)).toThrow('got ec (secp384r1)');
  });

  it('signs in the form Web Crypto verifies (r‖s), and the committed test key is the one readers know by its id', async () => {
    const signer = loadSigningKey(TEST_KEY_FILE);
    expect(signer.publicKey).toBe(readFileSync(TEST_PUBLIC_KEY_FILE, 'utf8').trim());
    expect(keyIdOf(signer.publicKey)).toBe(TEST_KEY_ID);
    const bytes = Buffer.from('the inventory');
    const signature = Buffer.from(signBytes(bytes, signer.key), 'base64');
    expect(signature).toHaveLength(64);
    const key = await webcrypto.subtle.importKey('raw', Buffer.from(signer.publicKey, 'base64'), SIGNATURE_KEY, false, ['verify']);
    expect(await webcrypto.subtle.verify(SIGNATURE_ALGORITHM, key, signature, bytes)).toBe(true);
  });

  it('signs a sequence (the build time in seconds by default) and an expiry (180 days by default)', () => {
    const signer = loadSigningKey(TEST_KEY_FILE);
    const builtAt = '2026-11-27T00:00:00.000Z';
    expect(releaseTerms(signer, builtAt, {})).toEqual({
      keyId: TEST_KEY_ID,
      sequence: Date.parse(builtAt) / 1000,
      expires: '2027-05-26T00:00:00.000Z',
    });
    expect(releaseTerms(signer, builtAt, { CHECKOUT_RELEASE_SEQUENCE: '42', CHECKOUT_RELEASE_VALID_DAYS: '1' })).toEqual({
      keyId: TEST_KEY_ID,
      sequence: 42,
      expires: '2026-11-28T00:00:00.000Z',
    });
    expect(() => releaseTerms(signer, builtAt, { CHECKOUT_RELEASE_SEQUENCE: '-1' })).toThrow(
      'CHECKOUT_RELEASE_SEQUENCE must be a whole number',
    );
  });

  it('refuses a validity under a day: such a release would be expired the moment it is built', () => {
    const signer = loadSigningKey(TEST_KEY_FILE);
    expect(() => releaseTerms(signer, '2026-11-27T00:00:00.000Z', { CHECKOUT_RELEASE_VALID_DAYS: '0' })).toThrow(
      'CHECKOUT_RELEASE_VALID_DAYS must be at least 1 (days until pages refuse the release), got "0"',
    );
  });
});

describe("the remote's production build", () => {
  it('asks for the key before anything is built (npm run build fails at once without one); development builds sign nothing', () => {
    const saved = { key: process.env.CHECKOUT_SIGNING_KEY, development: process.env.CHECKOUT_DEVELOPMENT_BUILD };
    delete process.env.CHECKOUT_SIGNING_KEY;
    delete process.env.CHECKOUT_DEVELOPMENT_BUILD;
    try {
      const config = (require('../../webpack.config') as typeof import('../../webpack.config')).default;
      expect(() => config({}, { mode: 'production' })).toThrow(/set CHECKOUT_SIGNING_KEY/);
      expect(() => config({}, { mode: 'development' })).not.toThrow();
    } finally {
      if (saved.key !== undefined) process.env.CHECKOUT_SIGNING_KEY = saved.key;
      if (saved.development !== undefined) process.env.CHECKOUT_DEVELOPMENT_BUILD = saved.development;
    }
  });

  it('refuses CHECKOUT_RELEASE_VALID_DAYS=0 before anything is built', () => {
    const saved = { days: process.env.CHECKOUT_RELEASE_VALID_DAYS, development: process.env.CHECKOUT_DEVELOPMENT_BUILD };
    process.env.CHECKOUT_RELEASE_VALID_DAYS = '0';
    process.env.CHECKOUT_DEVELOPMENT_BUILD = '1'; // signed with the test key: no key of the test's own needed
    try {
      const config = (require('../../webpack.config') as typeof import('../../webpack.config')).default;
      expect(() => config({}, { mode: 'production' })).toThrow(/CHECKOUT_RELEASE_VALID_DAYS must be at least 1/);
    } finally {
      if (saved.days === undefined) delete process.env.CHECKOUT_RELEASE_VALID_DAYS;
      else process.env.CHECKOUT_RELEASE_VALID_DAYS = saved.days;
      if (saved.development === undefined) delete process.env.CHECKOUT_DEVELOPMENT_BUILD;
      else process.env.CHECKOUT_DEVELOPMENT_BUILD = saved.development;
    }
  });
});
