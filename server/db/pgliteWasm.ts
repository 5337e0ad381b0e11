// PGlite compiles its 9 MB of WebAssembly only once it starts, after the folder is ready. Compiled
// here instead, as the opening begins, V8 does it on its own background threads while the main thread
// waits for the folder's lock and the prepared cluster's zstd and writes: the start no longer waits for it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** PGlite's Postgres, beside its Node entry point (dist/index.cjs). */
const PGLITE_WASM = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');

let compiled: Promise<WebAssembly.Module> | undefined;

/** PGlite's compiled module (its `pgliteWasmModule` option), compiled once per process; a failure is retried by the next call. */
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(PGLITE_WASM)
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}
