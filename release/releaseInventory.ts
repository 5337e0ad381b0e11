// Writing the release inventory (its format: packages/host-kit/src/release/releaseFormat.ts): every file a page may run (or
// read to run) from one release, with the integrity of its exact bytes as served, its size and why a
// page runs it; the one script of another party; and the terms the publisher signs with it (product,
// key id, sequence, expiry). Written beside mf-manifest.json as release-inventory.json, signed in
// release-inventory.json.sig (release/signing.ts).
import { createHash } from 'node:crypto';
import type { RemoteRelease } from '../src/core/types';
import { STRIPE_JS_URL } from '../src/stripe/policy';
import {
  INVENTORY_SCHEMA,
  PRODUCT,
  type InventoryFile,
  type ReleaseInventory,
  type ThirdPartyScript,
} from '../packages/host-kit/src/release/releaseFormat';

export {
  INVENTORY_FILE,
  SIGNATURE_FILE,
  type InventoryFile,
  type ReleaseInventory,
  type ThirdPartyScript,
} from '../packages/host-kit/src/release/releaseFormat';

export const THIRD_PARTY: ThirdPartyScript[] = [
  { url: STRIPE_JS_URL, integrity: null, why: 'Stripe.js: Stripe serves it without integrity support; loaded by the remote at runtime' },
];

/** What the publisher signs about a release besides its files. */
export interface ReleaseTerms {
  keyId: string;
  sequence: number;
  /** ISO 8601. */
  expires: string;
}

export function sri(bytes: Buffer | string, algorithm: 'sha256' | 'sha384' = 'sha384'): string {
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

export function inventoryFile(path: string, bytes: Buffer, why: string): InventoryFile {
  return { path, integrity: sri(bytes), size: bytes.length, why };
}

export function releaseInventory(release: RemoteRelease, files: InventoryFile[], terms: ReleaseTerms): ReleaseInventory {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const { keyId, sequence, expires } = terms;
  return { schema: INVENTORY_SCHEMA, product: PRODUCT, release, keyId, sequence, expires, files: sorted, thirdParty: THIRD_PARTY };
}

/** The bytes written (and signed): the signature covers exactly these. */
export function inventoryBytes(inventory: ReleaseInventory): Buffer {
  return Buffer.from(`${JSON.stringify(inventory, null, 2)}\n`);
}
