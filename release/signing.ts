// ECDSA P-256 signatures of the release inventory (node:crypto; the format and the readers' side are
// packages/host-kit/src/release/releaseFormat.ts). A production build signs with the publisher's key from the environment; the
// committed test key (release/keys/README.md) signs only a build that says it is a development build,
// and every reader refuses it outside development. Public keys are given as the raw uncompressed point
// in base64, the form Web Crypto imports.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_KEY_ID } from '../packages/host-kit/src/release/releaseFormat';
import type { ReleaseTerms } from './releaseInventory';

export const TEST_KEY_FILE = path.join(__dirname, 'keys', 'test-signing-key.pem');
export const TEST_PUBLIC_KEY_FILE = path.join(__dirname, 'keys', 'test-signing-key.pub.txt');

export interface SigningKey {
  key: KeyObject;
  /** The raw public key, base64: what a host pins. */
  publicKey: string;
  keyId: string;
  /** The committed test key: a signature made with it proves nothing. */
  isTestKey: boolean;
}

/** The raw uncompressed P-256 point (65 bytes), base64. */
export function rawPublicKey(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]).toString('base64');
}

/** As releaseFormat's `keyIdOf`, synchronously: `p256-` and 16 characters of the raw key's SHA-256 (base64url). */
export function keyIdOf(publicKey: string): string {
  return `p256-${createHash('sha256').update(Buffer.from(publicKey.trim(), 'base64')).digest('base64url').slice(0, 16)}`;
}

/** A PKCS8 PEM, or the path of a file holding one; it must be a P-256 key. */
export function loadSigningKey(pemOrPath: string): SigningKey {
  const pem = pemOrPath.includes('-----BEGIN') ? pemOrPath : readFileSync(pemOrPath.trim(), 'utf8');
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    throw new Error(`The signing key must be an ECDSA P-256 key, got ${key.asymmetricKeyType}${curve ? ` (${curve})` : ''}.`);
  }
  const publicKey = rawPublicKey(key);
  const keyId = keyIdOf(publicKey);
  return { key, publicKey, keyId, isTestKey: keyId === TEST_KEY_ID };
}

export const DEVELOPMENT_BUILD = 'CHECKOUT_DEVELOPMENT_BUILD';

/**
 * The key a production build signs with: `CHECKOUT_SIGNING_KEY`. Without it, or given the committed
 * test key, the build fails, unless `CHECKOUT_DEVELOPMENT_BUILD=1` says it is a development build (then
 * the test key signs, and readers refuse it outside development).
 */
export function signingKey(env: NodeJS.ProcessEnv = process.env): SigningKey {
  const development = env[DEVELOPMENT_BUILD] === '1';
  const given = env.CHECKOUT_SIGNING_KEY?.trim();
  const signer = loadSigningKey(given || TEST_KEY_FILE);
  if (!development && !given) {
    throw new Error(
      `A production build signs its release inventory with the publisher's key: set CHECKOUT_SIGNING_KEY (a P-256 PKCS8 PEM, or its file), or ${DEVELOPMENT_BUILD}=1 for a development build signed with the committed test key.`,
    );
  }
  if (!development && signer.isTestKey) {
    throw new Error(
      `CHECKOUT_SIGNING_KEY is the committed TEST KEY (${TEST_KEY_ID}): a production release is signed with the publisher's own key (or set ${DEVELOPMENT_BUILD}=1).`,
    );
  }
  return signer;
}

/** The base64 signature (r‖s, 64 bytes: the form Web Crypto verifies) of exactly these bytes. */
export function signBytes(bytes: Buffer, key: KeyObject): string {
  return sign('sha256', bytes, { key, dsaEncoding: 'ieee-p1363' }).toString('base64');
}

const DAY_MS = 86_400_000;
/** How long a release stays valid when the build is not told. */
export const DEFAULT_VALID_DAYS = 180;

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${JSON.stringify(value)}.`);
  return n;
}

/** Days until the release expires: at least one (0 would sign a release every page already refuses as `expired`). */
function validDays(value: string | undefined): number {
  const days = whole('CHECKOUT_RELEASE_VALID_DAYS', value, DEFAULT_VALID_DAYS);
  if (days < 1)
    throw new Error(
      `CHECKOUT_RELEASE_VALID_DAYS must be at least 1 (days until pages refuse the release), got ${JSON.stringify(value)}: ` +
        'the release would expire the moment it is built.',
    );
  return days;
}

/**
 * What the build signs besides the files: `CHECKOUT_RELEASE_SEQUENCE` (default: the build time in
 * seconds, so each later build is higher) and `CHECKOUT_RELEASE_VALID_DAYS` after the build time
 * (default 180, at least 1).
 */
export function releaseTerms(signer: SigningKey, builtAt: string, env: NodeJS.ProcessEnv = process.env): ReleaseTerms {
  const built = Date.parse(builtAt);
  const sequence = whole('CHECKOUT_RELEASE_SEQUENCE', env.CHECKOUT_RELEASE_SEQUENCE, Math.floor(built / 1000));
  const days = validDays(env.CHECKOUT_RELEASE_VALID_DAYS);
  return { keyId: signer.keyId, sequence, expires: new Date(built + days * DAY_MS).toISOString() };
}

/**
 * A key pair made for a run (the browser tests, the bench), in `dir`: `signing-key.pem` and
 * `signing-key.pub.txt`, made once and reused. Never committed. Safe when two processes make it at once:
 * each writes its own, the first linked into place wins.
 */
export function runSigningKey(dir: string): SigningKey & { keyFile: string } {
  const keyFile = path.join(dir, 'signing-key.pem');
  if (!existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const mine = `${keyFile}.${process.pid}`;
    writeFileSync(mine, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    try {
      linkSync(mine, keyFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(mine, { force: true });
    }
  }
  const signer = loadSigningKey(keyFile);
  const publicFile = path.join(dir, 'signing-key.pub.txt');
  if (!existsSync(publicFile)) writeFileSync(publicFile, `${signer.publicKey}\n`);
  return { ...signer, keyFile };
}

export const testPublicKey = (): string => readFileSync(TEST_PUBLIC_KEY_FILE, 'utf8').trim();
