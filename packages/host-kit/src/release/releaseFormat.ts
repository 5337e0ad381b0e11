// The release inventory's format, and how a reader decides to trust one: the one definition the build
// (release/inventory.ts), `npm run verify-release` and the page's verifier (verifiedRelease) share.
// Browser-safe: Web Crypto only, nothing of Node, no imports.
//
// The signature is ECDSA P-256 with SHA-256, which every Web Crypto verifies (Ed25519 came to Safari 17,
// Firefox 129 and Chromium 137 only). A reader that cannot verify (no Web Crypto: a page not served over
// https; an engine without the algorithm) refuses with `unsupported`, never with `signature`.

export const INVENTORY_FILE = 'release-inventory.json';
export const SIGNATURE_FILE = `${INVENTORY_FILE}.sig`;
export const INVENTORY_SCHEMA = 2;
/** The product the releases are of: a key that signs two products' releases names which in the signed bytes. */
export const PRODUCT = 'checkout';
/** The committed test key's id (release/keys/): refused by every reader outside development. */
export const TEST_KEY_ID = 'p256-P2YGwvo6uDJD0AqM';

export interface InventoryFile {
  /** Relative to the release's public URL. */
  path: string;
  /** `sha384-<base64>` of the bytes served, uncompressed, as the `integrity` attribute takes it. */
  integrity: string;
  size: number;
  why: string;
}

export interface ThirdPartyScript {
  url: string;
  /** null: its publisher does not support integrity on it. */
  integrity: string | null;
  why: string;
}

export interface InventoryRelease {
  name: string;
  version: string;
  commit: string;
  builtAt: string;
}

/** release-inventory.json: its exact bytes are what the publisher signs. */
export interface ReleaseInventory {
  schema: typeof INVENTORY_SCHEMA;
  product: string;
  /** The same object as mf-manifest.json's `metaData.release`. */
  release: InventoryRelease;
  /** The id of the key that signs it (`keyIdOf` its public half). */
  keyId: string;
  /** Grows with each release of the product: a page refuses one below the minimum it holds (no rollback). */
  sequence: number;
  /** ISO 8601: a page refuses the release after it. */
  expires: string;
  /** Sorted by path. */
  files: InventoryFile[];
  thirdParty: ThirdPartyScript[];
}

/** What a reader trusts: one release by its inventory's hash, or what a key set signed. */
export type ReleaseTrust =
  /** A pinned release: the sha384 integrity of its release-inventory.json. */
  { inventoryIntegrity: string; development?: boolean } | KeyTrust;

export type KeyTrust = KeyTerms &
  (
    | {
        /** The publisher's public keys (raw uncompressed P-256 points, base64): one, or two during a rotation. */
        publisherKeys: string[];
      }
    | {
        /** One key: the same as `publisherKeys: [publisherKey]`. */
        publisherKey: string;
      }
  );

/** What a key set's signature must also say. */
export interface KeyTerms {
  /** The lowest `sequence` accepted, a whole number from 0 (default 0); raise it to refuse older releases. Anything else refuses every release (`min-sequence`). */
  minSequence?: number;
  /** The product expected (default `checkout`). */
  product?: string;
  /** Accept the committed test key: development only. */
  development?: boolean;
  /** The clock expiry is checked against (default `Date.now`). */
  now?: () => number;
}

/**
 * Why a release or one of its files was refused. Tampering or a broken release: `signature`,
 * `inventory-integrity`, `file-integrity`, `not-inventoried`, `channel`, `format`. A replay: `product`,
 * `expired`, `sequence`. Configuration: `unknown-key`, `test-key`, `min-sequence`. The browser: `unsupported`.
 */
export type RefusalReason =
  | 'unsupported'
  | 'format'
  | 'test-key'
  | 'unknown-key'
  | 'signature'
  | 'product'
  | 'expired'
  | 'sequence'
  | 'min-sequence'
  | 'inventory-integrity'
  | 'not-inventoried'
  | 'file-integrity'
  | 'channel';

export class ReleaseRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseRefused';
  }
}

export const SIGNATURE_KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGNATURE_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

const fromBase64 = (base64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));
const toBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Web Crypto, or `unsupported`: browsers leave it out of pages not served over https (or localhost). */
function subtle(url: string): SubtleCrypto {
  const found = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!found)
    throw new ReleaseRefused(
      'unsupported',
      url,
      'This browser has no Web Crypto here (a page not served over https?): the release cannot be verified.',
    );
  return found;
}

export async function sha384(bytes: BufferSource, url = ''): Promise<string> {
  return `sha384-${toBase64(await subtle(url).digest('SHA-384', bytes))}`;
}

/** A public key's id: `p256-` and 16 characters of its SHA-256 (base64url). */
/** An uncompressed P-256 point, as `exportKey('raw')` gives it: 0x04, then 32 bytes of x and 32 of y. */
function isRawP256Key(publicKey: string): boolean {
  try {
    const raw = fromBase64(publicKey);
    return raw.length === 65 && raw[0] === 4;
  } catch {
    return false;
  }
}

export async function keyIdOf(publicKey: string, url = ''): Promise<string> {
  const digest = toBase64(await subtle(url).digest('SHA-256', fromBase64(publicKey)));
  return `p256-${digest.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 16)}`;
}

/** Whether `signature` (base64, r‖s) is `publicKey`'s over exactly these bytes; `unsupported` when this browser cannot tell. */
async function signedBy(bytes: BufferSource, signature: string, publicKey: string, url: string): Promise<boolean> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64(signature);
  } catch {
    return false; // not base64: not a signature either
  }
  let key: CryptoKey;
  try {
    key = await subtle(url).importKey('raw', fromBase64(publicKey), SIGNATURE_KEY, false, ['verify']);
  } catch (error) {
    if (error instanceof ReleaseRefused) throw error;
    throw new ReleaseRefused(
      'unsupported',
      url,
      `This browser could not import the publisher's ECDSA P-256 key (${String(error)}): the release cannot be verified.`,
    );
  }
  try {
    return await subtle(url).verify(SIGNATURE_ALGORITHM, key, raw, bytes);
  } catch (error) {
    throw new ReleaseRefused('unsupported', url, `This browser could not verify an ECDSA P-256 signature (${String(error)}).`);
  }
}

function parsed(url: string, bytes: ArrayBuffer): ReleaseInventory {
  let inventory: Partial<ReleaseInventory> | null = null;
  try {
    inventory = JSON.parse(new TextDecoder().decode(bytes)) as Partial<ReleaseInventory>;
  } catch {
    // refused below
  }
  if (
    inventory?.schema !== INVENTORY_SCHEMA ||
    !Array.isArray(inventory.files) ||
    typeof inventory.keyId !== 'string' ||
    typeof inventory.sequence !== 'number'
  ) {
    throw new ReleaseRefused(
      'format',
      url,
      `The release inventory at ${url} is not of a schema this reader knows (schema ${INVENTORY_SCHEMA}).`,
    );
  }
  return inventory as ReleaseInventory;
}

/** A signed inventory's terms, checked once its signature is: the product, the expiry, the sequence. */
function checkTerms(url: string, inventory: ReleaseInventory, trust: KeyTrust): void {
  const product = trust.product ?? PRODUCT;
  if (inventory.product !== product) {
    throw new ReleaseRefused(
      'product',
      url,
      `The release inventory at ${url} is of ${JSON.stringify(inventory.product)}, not ${JSON.stringify(product)}.`,
    );
  }
  const expires = Date.parse(inventory.expires);
  if (!(expires > (trust.now ?? Date.now)()))
    throw new ReleaseRefused('expired', url, `The release inventory at ${url} expired at ${inventory.expires}.`);
  const min = trust.minSequence ?? 0;
  if (inventory.sequence < min) {
    throw new ReleaseRefused(
      'sequence',
      url,
      `The release at ${url} has sequence ${inventory.sequence}, below the minimum ${min} this page holds (a rollback).`,
    );
  }
}

const testKey = (url: string) =>
  new ReleaseRefused(
    'test-key',
    url,
    `The release inventory at ${url} is signed with, or the page trusts, the committed TEST KEY (${TEST_KEY_ID}): development only.`,
  );

/**
 * A key set's configuration that can trust nothing, refused before any release is read (as loudly as a
 * refused release): a page built without its key, or a minimum sequence that is not a whole number from
 * 0 (NaN, negative, fractional, a string from an unset build variable), which would otherwise compare
 * false with every sequence and turn the rollback check off without a word.
 */
export function refuseKeyTrust(trust: ReleaseTrust, url: string): ReleaseRefused | null {
  if ('inventoryIntegrity' in trust) return null;
  const keys = 'publisherKeys' in trust ? trust.publisherKeys : [trust.publisherKey];
  // A page built without its key (an unset build variable) must say so, not blame the release's key.
  const malformed = keys.filter((key) => !isRawP256Key(key));
  if (malformed.length > 0 || keys.length === 0) {
    return new ReleaseRefused(
      'unknown-key',
      url,
      `This page's publisher keys (${keys.map((key) => JSON.stringify(key)).join(', ') || 'none'}) hold no ECDSA P-256 public key (raw, base64) in ${malformed.length ? JSON.stringify(malformed[0]) : 'them'}: the page was built without its key.`,
    );
  }
  const min: unknown = trust.minSequence;
  if (min !== undefined && !(Number.isSafeInteger(min) && (min as number) >= 0)) {
    return new ReleaseRefused(
      'min-sequence',
      url,
      `This page's minSequence (${typeof min === 'number' ? String(min) : JSON.stringify(min)}) is not a whole number from 0: no release is trusted until it is one (it holds the page's rollback protection).`,
    );
  }
  return null;
}

/**
 * The inventory at `url`, once its bytes are the ones the reader trusts: their hash is the pinned one,
 * or `signature` is the signature of a key of the set, over a release of the product, unexpired and
 * at or above the minimum sequence. Throws ReleaseRefused otherwise.
 */
export async function trustedInventory(
  url: string,
  bytes: ArrayBuffer,
  trust: ReleaseTrust,
  signature?: string,
): Promise<ReleaseInventory> {
  if ('inventoryIntegrity' in trust) {
    if ((await sha384(bytes, url)) !== trust.inventoryIntegrity) {
      throw new ReleaseRefused('inventory-integrity', url, `The release inventory at ${url} is not the pinned one (its sha384 differs).`);
    }
    const pinned = parsed(url, bytes);
    if (!trust.development && pinned.keyId === TEST_KEY_ID) throw testKey(url);
    return pinned;
  }
  const inventory = parsed(url, bytes);
  const misconfigured = refuseKeyTrust(trust, url);
  if (misconfigured) throw misconfigured;
  const keys = 'publisherKeys' in trust ? trust.publisherKeys : [trust.publisherKey];
  const ids = await Promise.all(keys.map((key) => keyIdOf(key, url)));
  if (!trust.development && (inventory.keyId === TEST_KEY_ID || ids.includes(TEST_KEY_ID))) throw testKey(url);
  const key = keys[ids.indexOf(inventory.keyId)];
  if (!key)
    throw new ReleaseRefused(
      'unknown-key',
      url,
      `The release inventory at ${url} names key ${inventory.keyId}, not one this page trusts (${ids.join(', ')}).`,
    );
  if (!(await signedBy(bytes, signature ?? '', key, url))) {
    throw new ReleaseRefused('signature', url, `The release inventory at ${url} is not signed by key ${inventory.keyId}.`);
  }
  checkTerms(url, inventory, trust);
  return inventory;
}

/** The integrity of each file of a trusted inventory, by absolute URL under `releaseUrl`. */
export function integrityByUrl(inventory: ReleaseInventory, releaseUrl: string): Map<string, string> {
  return new Map(inventory.files.map((file) => [new URL(file.path, releaseUrl).href, file.integrity]));
}

/** Throws unless `bytes` are the ones the trusted inventory lists for `url`. */
export async function checkFile(files: Map<string, string>, url: string, bytes: ArrayBuffer): Promise<void> {
  const expected = files.get(url);
  if (!expected) throw new ReleaseRefused('not-inventoried', url, `${url} is not in the verified release inventory.`);
  if ((await sha384(bytes, url)) !== expected)
    throw new ReleaseRefused('file-integrity', url, `${url} differs from the verified release inventory.`);
}
