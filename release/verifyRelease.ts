// Change detection for a deployed release: fetches its mf-manifest.json (or a channel's, which points
// at a release), its release-inventory.json and signature, and every file the inventory lists, each in
// every encoding a CDN may serve (identity, gzip, brotli), and says what drifted and in which encoding:
// a changed or missing file, a script the manifest names that the inventory does not, an inventory the
// key set does not trust (the reason codes of packages/host-kit/src/release/releaseFormat.ts), a channel that is not its
// release's manifest. The CLI is release/verifyReleaseCli.ts.
import {
  INVENTORY_FILE,
  ReleaseRefused,
  SIGNATURE_FILE,
  trustedInventory,
  type RefusalReason,
  type ReleaseInventory,
} from '../packages/host-kit/src/release/releaseFormat';
import { sri } from './releaseInventory';
import { channelManifest } from './channelManifest';
import { manifestScripts, type FederationManifest } from './manifestAssets';

/** What a client asks for (`Accept-Encoding`): browsers get brotli over https, gzip elsewhere; tools often identity. */
export type Encoding = 'identity' | 'gzip' | 'br';
export const ENCODINGS: readonly Encoding[] = ['identity', 'gzip', 'br'];

export interface Drift {
  /** The file concerned, relative to the release (or the URL fetched). */
  path: string;
  /** The encoding asked for, where only some encodings drifted. */
  encoding?: Encoding;
  problem: string;
  /** For the inventory itself: why a page would refuse it. */
  reason?: RefusalReason;
}

export interface ReleaseCheck {
  /** The release's own directory (a channel's manifest points at it). */
  releaseUrl: string;
  release?: unknown;
  /** Files of the inventory whose every encoding matched. */
  matched: number;
  drift: Drift[];
}

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface VerifyOptions {
  /** The publisher's raw P-256 public keys, base64 (two during a rotation). */
  publisherKeys: string[];
  /** The lowest release sequence accepted (what the pages hold). */
  minSequence?: number;
  /** Accept the committed test key. */
  development?: boolean;
  fetch?: Fetch;
  now?: () => number;
}

type Served = Map<Encoding, Buffer | string>;

/** The decoded bytes, or why there are none. Node's fetch decodes what the server encoded (its Content-Encoding). */
async function bytesOf(fetchFile: Fetch, url: string, encoding: Encoding = 'identity'): Promise<Buffer | string> {
  try {
    const response = await fetchFile(url, { headers: { 'Accept-Encoding': encoding } });
    if (!response.ok) return `answered ${response.status}`;
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return `could not be fetched (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`;
  }
}

async function allEncodings(fetchFile: Fetch, url: string): Promise<Served> {
  return new Map(await Promise.all(ENCODINGS.map(async (encoding) => [encoding, await bytesOf(fetchFile, url, encoding)] as const)));
}

/** Drift where an encoding's bytes are not the identity copy's (for files no inventory lists: channels, the inventory itself). */
function sameInEveryEncoding(path: string, served: Served): Drift[] {
  const identity = served.get('identity')!;
  if (typeof identity === 'string') return [{ path, encoding: 'identity', problem: identity }];
  return ENCODINGS.filter((e) => e !== 'identity').flatMap((encoding): Drift[] => {
    const bytes = served.get(encoding)!;
    if (typeof bytes === 'string') return [{ path, encoding, problem: bytes }];
    return bytes.equals(identity)
      ? []
      : [{ path, encoding, problem: `differs from the identity copy (${sri(bytes)}, identity ${sri(identity)})` }];
  });
}

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

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );

/** Never throws for drift: each finding is in `drift`. */
export async function verifyRelease(url: string, options: VerifyOptions): Promise<ReleaseCheck> {
  const fetchFile = options.fetch ?? fetch;
  const drift: Drift[] = [];
  const manifestAt = manifestUrl(url);
  const first = await allEncodings(fetchFile, manifestAt);
  const firstBytes = first.get('identity')!;
  const manifest = typeof firstBytes === 'string' ? null : parse<FederationManifest>(firstBytes);
  if (!manifest?.metaData?.remoteEntry) {
    const problem = typeof firstBytes === 'string' ? firstBytes : 'is not a federation manifest';
    return { releaseUrl: manifestAt, matched: 0, drift: [{ path: manifestAt, problem }] };
  }
  const publicPath = manifest.metaData.publicPath;
  const releaseUrl =
    publicPath && /^https?:\/\//.test(publicPath)
      ? new URL(publicPath.endsWith('/') ? publicPath : `${publicPath}/`).href
      : new URL('.', manifestAt).href;
  const at = (file: string) => new URL(file, releaseUrl).href;
  const channel = at('mf-manifest.json') !== manifestAt;
  if (channel) {
    // The chain: a channel is its release's own manifest with publicPath set to the release, on the channel's origin.
    drift.push(...sameInEveryEncoding(manifestAt, first));
    if (new URL(releaseUrl).origin !== new URL(manifestAt).origin)
      drift.push({
        path: manifestAt,
        problem: `names a release on another origin (${releaseUrl}): pages refuse it (channel)`,
        reason: 'channel',
      });
    const own = await bytesOf(fetchFile, at('mf-manifest.json'));
    const ownManifest = typeof own === 'string' ? null : parse<FederationManifest>(own);
    if (ownManifest && stable(channelManifest(ownManifest as never, releaseUrl)) !== stable(manifest)) {
      drift.push({
        path: manifestAt,
        problem: `is not the manifest of the release it names (${releaseUrl}) with its publicPath`,
        reason: 'channel',
      });
    }
  }

  const inventoryServed = await allEncodings(fetchFile, at(INVENTORY_FILE));
  const inventoryBytes = inventoryServed.get('identity')!;
  if (typeof inventoryBytes === 'string')
    return { releaseUrl, matched: 0, drift: [...drift, { path: INVENTORY_FILE, problem: inventoryBytes }] };
  drift.push(...sameInEveryEncoding(INVENTORY_FILE, inventoryServed));
  const signature = await bytesOf(fetchFile, at(SIGNATURE_FILE));
  if (typeof signature === 'string') drift.push({ path: SIGNATURE_FILE, problem: signature });
  const trust = {
    publisherKeys: options.publisherKeys,
    minSequence: options.minSequence,
    development: options.development,
    now: options.now,
  };
  const buffer = inventoryBytes.buffer.slice(
    inventoryBytes.byteOffset,
    inventoryBytes.byteOffset + inventoryBytes.byteLength,
  ) as ArrayBuffer;
  await trustedInventory(at(INVENTORY_FILE), buffer, trust, typeof signature === 'string' ? '' : signature.toString('utf8')).catch(
    (error: unknown) => {
      if (!(error instanceof ReleaseRefused)) throw error;
      drift.push({
        path: error.reason === 'signature' ? SIGNATURE_FILE : INVENTORY_FILE,
        problem: `refused (${error.reason}): ${error.message}`,
        reason: error.reason,
      });
    },
  );
  const inventory = parse<ReleaseInventory>(inventoryBytes);
  if (!inventory || !Array.isArray(inventory.files)) return { releaseUrl, matched: 0, drift };
  if (stable(inventory.release) !== stable(manifest.metaData.release)) {
    drift.push({
      path: manifestAt,
      problem: `names release ${JSON.stringify(manifest.metaData.release)}, the inventory ${JSON.stringify(inventory.release)}`,
    });
  }
  const listed = new Set(inventory.files.map((file) => file.path));
  for (const [file, namedAs] of manifestScripts(manifest)) {
    if (!listed.has(file)) drift.push({ path: file, problem: `named by the manifest (${namedAs}) but not in the inventory` });
  }

  let matched = 0;
  const results = await Promise.all(inventory.files.map(async (file) => ({ file, served: await allEncodings(fetchFile, at(file.path)) })));
  for (const { file, served } of results) {
    const found: Drift[] = [];
    for (const [encoding, bytes] of served) {
      if (typeof bytes === 'string') found.push({ path: file.path, encoding, problem: bytes });
      else if (bytes.length !== file.size)
        found.push({ path: file.path, encoding, problem: `is ${bytes.length} bytes, the inventory says ${file.size}` });
      else if (sri(bytes) !== file.integrity)
        found.push({ path: file.path, encoding, problem: `has integrity ${sri(bytes)}, the inventory says ${file.integrity}` });
    }
    // Every encoding drifted alike (the file itself changed or is missing): one line, without an encoding.
    const alike = found.length === ENCODINGS.length && found.every((d) => d.problem === found[0].problem);
    drift.push(...(alike ? [{ path: file.path, problem: found[0].problem }] : found));
    if (!found.length) matched += 1;
  }
  return { releaseUrl, release: inventory.release, matched, drift };
}
