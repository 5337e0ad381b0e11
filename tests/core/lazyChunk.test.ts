import { lazyChunk } from '../../src/core/lazyChunk';

describe('lazyChunk: a part of the remote fetched when first needed', () => {
  afterEach(() => jest.useRealTimers());

  it('fetches once, however many ask', async () => {
    const importer = jest.fn(async () => ({ value: 1 }));
    const chunk = lazyChunk(importer);
    expect(importer).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: the next call fetches again', async () => {
    const importer = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce({ value: 2 });
    const chunk = lazyChunk(importer);
    await expect(chunk.load()).rejects.toThrow('ChunkLoadError');
    await expect(chunk.load()).resolves.toEqual({ value: 2 });
  });

  it('with whenIdle, fetches once the page is idle even if nothing asked, and a failure there stays unhandled nowhere', async () => {
    jest.useFakeTimers();
    const importer = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ value: 3 });
    const chunk = lazyChunk(importer, { whenIdle: true });
    expect(importer).not.toHaveBeenCalled();
    jest.runAllTimers(); // jsdom has no requestIdleCallback: the fallback timer
    expect(importer).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    await expect(chunk.load()).resolves.toEqual({ value: 3 });
  });
});
