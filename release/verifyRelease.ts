// Change detection for a deployed release: fetches its mf-manifest.json (or a channel's, which points
// at a release), its release-inventory.json and signature, and every file the inventory lists, and
// says what drifted: a changed or missing file, a script the manifest names that the inventory does
// not, a signature that is not the pinned key's. The CLI is release/verifyReleaseCli.ts.
import { publicKeyFromRaw, verifyBytes } from './signing';
import { INVENTORY_FILE, SIGNATURE_FILE, sri, type ReleaseInventory } from './releaseInventory';
import { manifestScripts, type FederationManifest } from './manifestAssets';

export interface Drift {
  /** The file concerned, relative to the release (or the URL fetched). */
  path: string;
  problem: string;
}

export interface ReleaseCheck {
  /** The release's own directory (a channel's manifest points at it). */
  releaseUrl: string;
  release?: unknown;
  /** Files of the inventory that matched. */
  matched: number;
  drift: Drift[];
}

type Fetch = (url: string) => Promise<Response>;

async function bytesOf(fetchFile: Fetch, url: string): Promise<Buffer | string> {
  try {
    const response = await fetchFile(url);
    if (!response.ok) return `answered ${response.status}`;
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return `could not be fetched (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`;
  }
}

/** Where the manifest is, and the directory its files are relative to, from a release or channel URL. */
function manifestUrl(url: string): string {
  return url.endsWith('.json') ? url : new URL('mf-manifest.json', url.endsWith('/') ? url : `${url}/`).href;
}

function parse<T>(bytes: Buffer): T | null {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    return null;
  }
}

/** `publicKey`: the raw Ed25519 key in base64. Never throws for drift: each finding is in `drift`. */
export async function verifyRelease(url: string, publicKey: string, fetchFile: Fetch = fetch): Promise<ReleaseCheck> {
  const drift: Drift[] = [];
  const manifestAt = manifestUrl(url);
  const manifestBytes = await bytesOf(fetchFile, manifestAt);
  const manifest = typeof manifestBytes === 'string' ? null : parse<FederationManifest>(manifestBytes);
  if (!manifest?.metaData?.remoteEntry) {
    const problem = typeof manifestBytes === 'string' ? manifestBytes : 'is not a federation manifest';
    return { releaseUrl: manifestAt, matched: 0, drift: [{ path: manifestAt, problem }] };
  }
  const publicPath = manifest.metaData.publicPath;
  const releaseUrl = publicPath && /^https?:\/\//.test(publicPath) ? publicPath : new URL('.', manifestAt).href;
  const at = (file: string) => new URL(file, releaseUrl).href;

  const inventoryBytes = await bytesOf(fetchFile, at(INVENTORY_FILE));
  if (typeof inventoryBytes === 'string') return { releaseUrl, matched: 0, drift: [{ path: INVENTORY_FILE, problem: inventoryBytes }] };
  const signature = await bytesOf(fetchFile, at(SIGNATURE_FILE));
  if (typeof signature === 'string') drift.push({ path: SIGNATURE_FILE, problem: signature });
  else if (!verifyBytes(inventoryBytes, signature.toString('utf8'), publicKeyFromRaw(publicKey))) {
    drift.push({ path: SIGNATURE_FILE, problem: `is not a valid signature of ${INVENTORY_FILE} by the public key given` });
  }
  const inventory = parse<ReleaseInventory>(inventoryBytes);
  if (inventory?.schema !== 1 || !Array.isArray(inventory.files)) {
    return { releaseUrl, matched: 0, drift: [...drift, { path: INVENTORY_FILE, problem: 'is not a release inventory (schema 1)' }] };
  }
  if (JSON.stringify(inventory.release) !== JSON.stringify(manifest.metaData.release)) {
    drift.push({ path: manifestAt, problem: `names release ${JSON.stringify(manifest.metaData.release)}, the inventory ${JSON.stringify(inventory.release)}` });
  }
  const listed = new Set(inventory.files.map((file) => file.path));
  for (const [file, namedAs] of manifestScripts(manifest)) {
    if (!listed.has(file)) drift.push({ path: file, problem: `named by the manifest (${namedAs}) but not in the inventory` });
  }

  let matched = 0;
  const results = await Promise.all(inventory.files.map(async (file) => ({ file, bytes: await bytesOf(fetchFile, at(file.path)) })));
  for (const { file, bytes } of results) {
    if (typeof bytes === 'string') drift.push({ path: file.path, problem: bytes });
    else if (bytes.length !== file.size) drift.push({ path: file.path, problem: `is ${bytes.length} bytes, the inventory says ${file.size}` });
    else if (sri(bytes) !== file.integrity) drift.push({ path: file.path, problem: `has integrity ${sri(bytes)}, the inventory says ${file.integrity}` });
    else matched += 1;
  }
  return { releaseUrl, release: inventory.release, matched, drift };
}
