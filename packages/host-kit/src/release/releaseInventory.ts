// A release of the checkout remote, as its publisher lists it: every file a page may run, with its
// sha384 integrity (release-inventory.json, written by the remote's build), and how a page checks
// that list before it runs anything from it. Framework-free; WebCrypto only.

export interface InventoryFile {
  /** Relative to the release's URL. */
  path: string;
  /** `sha384-<base64>`, as the `integrity` attribute takes it. */
  integrity: string;
  size: number;
  why: string;
}

export interface ReleaseInventory {
  schema: 1;
  release: { name: string; version: string; commit: string; builtAt: string };
  files: InventoryFile[];
  /** Scripts of other parties the release loads (Stripe.js), with why; they carry no integrity. */
  thirdParty: Array<{ url: string; integrity: string | null; why: string }>;
}

/** What the page trusts: one release by its inventory's hash, or whatever the publisher's key signed. */
export type ReleaseTrust =
  /** A pinned release: the sha384 integrity of its release-inventory.json. */
  | { inventoryIntegrity: string }
  /** A channel: the publisher's Ed25519 public key, raw 32 bytes in base64. */
  | { publisherKey: string };

/** Why a file was not allowed to run. */
export type RefusalReason = 'inventory-integrity' | 'signature' | 'not-inventoried' | 'file-integrity' | 'channel';

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

export const INVENTORY_FILE = 'release-inventory.json';
export const SIGNATURE_FILE = `${INVENTORY_FILE}.sig`;

const bytesOf = (base64: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));

export async function sha384(bytes: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** Whether `signature` (base64) is the publisher's Ed25519 signature of exactly these bytes. */
export async function signedBy(bytes: BufferSource, signature: string, publisherKey: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', bytesOf(publisherKey), 'Ed25519', false, ['verify']);
    return await crypto.subtle.verify('Ed25519', key, bytesOf(signature), bytes);
  } catch {
    return false; // not base64, not a key, not 64 bytes: not signed by it either
  }
}

/**
 * The inventory at `url`, once its bytes are the ones the page trusts: their hash is the pinned one,
 * or `signature` is the publisher's. Throws ReleaseRefused otherwise.
 */
export async function trustedInventory(url: string, bytes: ArrayBuffer, trust: ReleaseTrust, signature?: string): Promise<ReleaseInventory> {
  if ('inventoryIntegrity' in trust) {
    if ((await sha384(bytes)) !== trust.inventoryIntegrity) {
      throw new ReleaseRefused('inventory-integrity', url, `The release inventory at ${url} is not the pinned one (its sha384 differs).`);
    }
  } else if (!(await signedBy(bytes, signature ?? '', trust.publisherKey))) {
    throw new ReleaseRefused('signature', url, `The release inventory at ${url} is not signed by the pinned publisher key.`);
  }
  const inventory = JSON.parse(new TextDecoder().decode(bytes)) as ReleaseInventory;
  if (inventory.schema !== 1 || !Array.isArray(inventory.files)) {
    throw new ReleaseRefused('inventory-integrity', url, `The release inventory at ${url} has a shape this page does not know (schema ${String(inventory.schema)}).`);
  }
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
  if ((await sha384(bytes)) !== expected) throw new ReleaseRefused('file-integrity', url, `${url} differs from the verified release inventory.`);
}
