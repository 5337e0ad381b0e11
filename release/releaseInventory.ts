// The release inventory: every file a page may run (or read to run) from one release, with the
// integrity of its exact bytes as served, its size and why a page runs it; and the one script of
// another party. Written beside mf-manifest.json as release-inventory.json, signed in
// release-inventory.json.sig (release/signing.ts). Hosts and `npm run verify-release` read this format.
import { createHash } from 'node:crypto';
import type { RemoteRelease } from '../src/core/types';
import { STRIPE_JS_URL } from '../src/stripe/policy';

export const INVENTORY_FILE = 'release-inventory.json';
export const SIGNATURE_FILE = `${INVENTORY_FILE}.sig`;

export interface InventoryFile {
  /** Relative to the release's public URL. */
  path: string;
  /** `sha384-<base64>` of the bytes served, uncompressed. */
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

export interface ReleaseInventory {
  schema: 1;
  /** The same object as mf-manifest.json's `metaData.release`. */
  release: RemoteRelease;
  /** Sorted by path. */
  files: InventoryFile[];
  thirdParty: ThirdPartyScript[];
}

export const THIRD_PARTY: ThirdPartyScript[] = [
  { url: STRIPE_JS_URL, integrity: null, why: 'Stripe.js: Stripe serves it without integrity support; loaded by the remote at runtime' },
];

export function sri(bytes: Buffer | string, algorithm: 'sha256' | 'sha384' = 'sha384'): string {
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

export function inventoryFile(path: string, bytes: Buffer, why: string): InventoryFile {
  return { path, integrity: sri(bytes), size: bytes.length, why };
}

export function releaseInventory(release: RemoteRelease, files: InventoryFile[]): ReleaseInventory {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { schema: 1, release, files: sorted, thirdParty: THIRD_PARTY };
}

/** The bytes written (and signed): the signature covers exactly these. */
export function inventoryBytes(inventory: ReleaseInventory): Buffer {
  return Buffer.from(`${JSON.stringify(inventory, null, 2)}\n`);
}
