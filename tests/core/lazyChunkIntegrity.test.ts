// A chunk the browser refused for its integrity: told apart from a failed fetch by the answer it got
// (Resource Timing's responseStatus), reported as `script_integrity_failed` to the caller and to the
// page's telemetry.
import type { CheckoutEvent } from '../../src/core/types';
import { lazyChunk, refusedChunk } from '../../src/core/lazyChunk';
import { resetCheckoutEvents, subscribeCheckoutEvents } from '../../src/core/events';

const URL_ = 'https://cdn.example.com/checkout/226.0123456789.js';

/** What webpack's script loading rejects with when the script element fires `error`. */
function chunkLoadError(type = 'error', request = URL_): Error {
  return Object.assign(new Error(`Loading chunk 226 failed.\n(${type}: ${request})`), { name: 'ChunkLoadError', type, request });
}

/** Resource Timing's entry for the chunk, as Chromium reports it (jsdom has none). */
function answered(status: number | undefined): void {
  Object.defineProperty(performance, 'getEntriesByName', {
    configurable: true,
    value: (name: string) => (name === URL_ ? [{ name, responseStatus: status }] : []),
  });
}

afterEach(() => {
  delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
  resetCheckoutEvents();
});

describe('refusedChunk', () => {
  it('names a chunk that arrived (2xx) and still failed as a script: the browser refused its bytes', () => {
    answered(200);
    expect(refusedChunk(chunkLoadError())).toBe(URL_);
  });

  it('leaves every other failure alone: no answer, an error status, a timeout, a browser that does not say', () => {
    answered(0);
    expect(refusedChunk(chunkLoadError())).toBeUndefined();
    answered(404);
    expect(refusedChunk(chunkLoadError())).toBeUndefined();
    answered(200);
    expect(refusedChunk(chunkLoadError('timeout'))).toBeUndefined();
    expect(refusedChunk(new Error('offline'))).toBeUndefined();
    expect(refusedChunk(undefined)).toBeUndefined();
    answered(undefined);
    expect(refusedChunk(chunkLoadError())).toBeUndefined();
  });
});

describe('lazyChunk with a chunk refused for its integrity', () => {
  it('rejects with script_integrity_failed, emits the event once per refusal, and fetches again on the next call', async () => {
    answered(200);
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
    answered(0);
    const events: CheckoutEvent[] = [];
    subscribeCheckoutEvents((event) => events.push(event));
    const failure = chunkLoadError();
    await expect(lazyChunk(() => Promise.reject(failure)).load()).rejects.toBe(failure);
    expect(events).toEqual([]);
  });
});
