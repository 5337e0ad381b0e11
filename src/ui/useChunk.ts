// A chunk the button's first render does not need, as a value a render reads: fetched once per page
// when a button that wants it first renders, and every button that reads it rendered again when it
// is in. Without a Suspense boundary (React 19 holds a boundary's reveal for about 300 ms after its
// fallback): each caller says what stands until then.
import { useSyncExternalStore } from 'react';
import type { LazyChunk } from '../core/lazyChunk';

/** `undefined` while it is being fetched (or not asked for), `null` once it could not be. */
export type ChunkValue<T> = T | null | undefined;

export interface ChunkSource<T> {
  subscribe: (onSettled: () => void) => () => void;
  current: () => ChunkValue<T>;
}

export function chunkSource<T>(chunk: LazyChunk<T>): ChunkSource<T> {
  let value: ChunkValue<T>;
  return {
    subscribe: (onSettled) => {
      let live = true;
      // A failed fetch is not kept by lazyChunk: the next button that wants it asks again.
      void chunk.load().then(
        (module) => void ((value = module), live && onSettled()),
        () => void ((value ??= null), live && onSettled()),
      );
      return () => void (live = false);
    },
    current: () => value,
  };
}

const unwanted = () => () => {};
// The server's HTML and hydration read the same (no mismatch); the browser's render after hydration reads the chunk.
const onServer = () => undefined;

export function useChunk<T>(source: ChunkSource<T>, wanted: boolean): ChunkValue<T> {
  return useSyncExternalStore(wanted ? source.subscribe : unwanted, source.current, onServer);
}
