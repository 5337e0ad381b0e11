// A chunk the browser refused for its integrity: told apart from a failed fetch by fetching it again and
// hashing it against the integrity its runtime gave it (no Resource Timing), reported as
// `script_integrity_failed` to the caller and to the page's telemetry.
import { createHash, webcrypto } from 'node:crypto';
import type { CheckoutEvent } from '../../src/core/types';
import { lazyChunk } from '../../src/core/lazyChunk';
import { classified, refusedChunk } from '../../src/core/chunkRefusal';
import { resetCheckoutEvents, subscribeCheckoutEvents } from '../../src/core/events';

const PUBLIC_PATH = 'https://cdn.example.com/checkout/';
const URL_ = `${PUBLIC_PATH}226.0123456789.js`;
const CHUNK = 'window.click = 2;';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** What webpack's script loading rejects with when the script element fires `error`. */
function chunkLoadError(type = 'error', request = URL_): Error {
  return Object.assign(new Error(`Loading chunk 226 failed.\n(${type}: ${request})`), { name: 'ChunkLoadError', type, request });
}

// The webpack runtime's globals, as in a production build with webpack/chunkIntegrity.ts.
const runtime = globalThis as unknown as Record<string, unknown>;
const fetchMock = jest.fn();
beforeEach(() => {
  runtime.__webpack_require__ = { sri: { 226: sha256(CHUNK), 545: sha256('other') } };
  runtime.__webpack_public_path__ = PUBLIC_PATH;
  runtime.__webpack_get_script_filename__ = (id: string) => `${id}.0123456789.js`;
  runtime.fetch = fetchMock;
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});
afterEach(() => {
  for (const name of ['__webpack_require__', '__webpack_public_path__', '__webpack_get_script_filename__', 'fetch']) delete runtime[name];
  fetchMock.mockReset();
  resetCheckoutEvents();
});

/** The CDN's answer to the fetch again. */
function serves(body: string | null, status = 200): void {
  fetchMock.mockImplementation(async () => {
    if (body === null) throw new TypeError('Failed to fetch');
    // Node's own ArrayBuffer (Buffer's), which Node's Web Crypto takes; jsdom's is another realm's.
    const bytes = Buffer.from(body);
    return {
      ok: status >= 200 && status < 300,
      status,
      arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
    };
  });
}

describe('refusedChunk', () => {
  it('names a chunk whose bytes arrive and are not the ones its integrity names: the browser refused them', async () => {
    serves(`window.__tampered=true;${CHUNK}`);
    expect(await refusedChunk(URL_)).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(URL_);
  });

  it('leaves every other failure alone: nothing arrives, an error status, the right bytes (a passing failure), a file not of the runtime', async () => {
    serves(null);
    expect(await refusedChunk(URL_)).toBe(false);
    serves('not found', 404);
    expect(await refusedChunk(URL_)).toBe(false);
    serves(CHUNK);
    expect(await refusedChunk(URL_)).toBe(false);
    serves('anything');
    expect(await refusedChunk('https://elsewhere.example/226.0123456789.js')).toBe(false);
    runtime.__webpack_require__ = {}; // a development build: no integrity on its chunks
    expect(await refusedChunk(URL_)).toBe(false);
  });

  it('without Web Crypto (a page over http), a chunk that arrives and failed as a script is taken as refused', async () => {
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    serves(CHUNK);
    expect(await refusedChunk(URL_)).toBe(true);
  });
});

describe('classified', () => {
  it('looks only at a chunk that failed as a script: a timeout, another error and nothing are passed on without a fetch', async () => {
    for (const thrown of [chunkLoadError('timeout'), new Error('offline'), undefined])
      await expect(classified(thrown)).rejects.toBe(thrown);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('lazyChunk with a chunk refused for its integrity', () => {
  it('rejects with script_integrity_failed, emits the event once per refusal, and fetches again on the next call', async () => {
    serves(`window.__tampered=true;${CHUNK}`);
    const events: CheckoutEvent[] = [];
    subscribeCheckoutEvents((event) => events.push(event));
    const importer = jest.fn().mockRejectedValueOnce(chunkLoadError()).mockResolvedValueOnce({ value: 1 });
    const chunk = lazyChunk(importer);
    await expect(chunk.load()).rejects.toMatchObject({
      code: 'script_integrity_failed',
      message: `Integrity refused: ${URL_}`,
    });
    expect(events).toEqual([{ type: 'script_integrity_failed', url: URL_, at: expect.any(Number) }]);
    await expect(chunk.load()).resolves.toEqual({ value: 1 });
  });

  it('passes a failed fetch on as it was, with no event', async () => {
    serves(null);
    const events: CheckoutEvent[] = [];
    subscribeCheckoutEvents((event) => events.push(event));
    const failure = chunkLoadError();
    await expect(lazyChunk(() => Promise.reject(failure)).load()).rejects.toBe(failure);
    expect(events).toEqual([]);
  });
});
