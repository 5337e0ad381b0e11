// Tells a chunk the browser refused for its bytes from one that did not arrive, without Resource
// Timing (its buffer holds 250 entries and is never cleared: on a long page a refusal would look like a
// failed fetch). The chunk is fetched again and hashed against the integrity its runtime gave it
// (webpack/chunkIntegrity.ts). Its own chunk, fetched only after a chunk failed: none of it is in the
// bytes before the button.
import { checkoutError } from './errors';
import { emitCheckoutEvent } from './events';

/** The webpack runtime's integrity map (chunk id → sha256 base64), its public path and chunk file names. */
declare const __webpack_require__: { sri?: Record<string, string> };
declare const __webpack_public_path__: string;
declare const __webpack_get_script_filename__: (chunkId: string) => string;

/** The integrity the runtime gave the chunk at `url`, if it is one of its chunks. */
function integrityOf(url: string): string | undefined {
  const map = __webpack_require__.sri ?? {};
  const id = Object.keys(map).find(
    (chunk) => new URL(__webpack_public_path__ + __webpack_get_script_filename__(chunk), document.baseURI).href === url,
  );
  return id === undefined ? undefined : `sha256-${map[id]}`;
}

/**
 * Whether the chunk at `url`, which failed as a script, was refused for its bytes: fetched again as the
 * script was (CORS, the same cache), they arrive and are not the ones its integrity names. A chunk
 * that does not arrive, or arrives whole, failed to load. Without Web Crypto (a page over http) a chunk
 * that arrives is taken as refused: it failed as a script all the same.
 */
export async function refusedChunk(url: string): Promise<boolean> {
  const integrity = integrityOf(url);
  if (!integrity) return false;
  let bytes: ArrayBuffer;
  try {
    const response = await fetch(url);
    if (!response.ok) return false;
    bytes = await response.arrayBuffer();
  } catch {
    return false;
  }
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!subtle) return true;
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return `sha256-${btoa(String.fromCharCode(...digest))}` !== integrity;
}

/**
 * Rejects with what a failed chunk load becomes: a refusal is `script_integrity_failed`, told to the
 * page's telemetry; any other failure stays as it was (webpack's ChunkLoadError of type `error` is the
 * one that may be a refusal).
 */
export async function classified(thrown: unknown): Promise<never> {
  const { type, request } = (thrown ?? {}) as { type?: string; request?: string };
  if (type !== 'error' || !request || !(await refusedChunk(request).catch(() => false))) throw thrown;
  emitCheckoutEvent({ type: 'script_integrity_failed', url: request });
  throw checkoutError('script_integrity_failed', `Integrity refused: ${request}`, thrown);
}
