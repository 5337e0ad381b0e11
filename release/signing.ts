// Ed25519 signatures of the release inventory (node:crypto). The build signs with the publisher's key
// from the environment, or the committed test key (release/keys/README.md); hosts and
// `npm run verify-release` check against the raw public key, the form WebCrypto imports.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const DEV_KEY_FILE = path.join(__dirname, 'keys', 'dev-signing-key.pem');
export const DEV_PUBLIC_KEY_FILE = path.join(__dirname, 'keys', 'dev-signing-key.pub.txt');

export interface SigningKey {
  key: KeyObject;
  /** The committed test key: a signature made with it proves nothing. */
  isDevKey: boolean;
}

/** `CHECKOUT_SIGNING_KEY`: the PKCS8 PEM itself, or the path of a file holding it; unset: the test key. */
export function signingKey(env: NodeJS.ProcessEnv = process.env): SigningKey {
  const given = env.CHECKOUT_SIGNING_KEY?.trim();
  if (!given) return { key: createPrivateKey(readFileSync(DEV_KEY_FILE, 'utf8')), isDevKey: true };
  const pem = given.includes('-----BEGIN') ? given : readFileSync(given, 'utf8');
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`CHECKOUT_SIGNING_KEY must be an Ed25519 key, got ${key.asymmetricKeyType}.`);
  return { key, isDevKey: false };
}

/** The base64 signature of exactly these bytes. */
export function signBytes(bytes: Buffer, key: KeyObject): string {
  return sign(null, bytes, key).toString('base64');
}

/** A raw 32-byte Ed25519 public key given in base64. */
export function publicKeyFromRaw(base64: string): KeyObject {
  const raw = Buffer.from(base64.trim(), 'base64');
  if (raw.length !== 32) throw new Error(`An Ed25519 public key is 32 bytes; this one is ${raw.length} (give it raw, in base64).`);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

export const devPublicKey = (): string => readFileSync(DEV_PUBLIC_KEY_FILE, 'utf8').trim();

/** Whether `signature` (base64) is this key's over exactly these bytes; false for anything malformed. */
export function verifyBytes(bytes: Buffer, signature: string, publicKey: KeyObject): boolean {
  const raw = Buffer.from(signature.trim(), 'base64');
  if (raw.length !== 64) return false;
  try {
    return verify(null, bytes, publicKey, raw);
  } catch {
    return false;
  }
}
