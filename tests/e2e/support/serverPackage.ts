// The server half as the framework hosts install it: the tarball `npm pack --workspace
// packages/server` makes (tests/support/packedWorkspace.ts), unpacked once per hash of its inputs.
import { packWorkspace } from '../../support/packedWorkspace';

export const SERVER_PACKAGE = '@checkout/server';

let packing: Promise<{ dir: string; seconds: number }> | null = null;

/** The unpacked package's folder (its package.json at the top), packed once per set-up (the hosts ask at once). */
export function serverPackage(): Promise<{ dir: string; seconds: number }> {
  const started = Date.now();
  return (packing ??= packWorkspace('server').then(({ dir }) => ({ dir, seconds: (Date.now() - started) / 1000 })));
}
