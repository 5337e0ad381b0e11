// What a remote's manifest (mf-manifest.json, or the runtime's snapshot of it) says its exposes load:
// their own files, before the module runs (`sync`), and chunks asked for later, when needed (`async`).

/** An expose (manifest) or module (snapshot) with its files, relative to the release. */
export interface ExposeAssets {
  assets?: { js?: { sync?: readonly string[]; async?: readonly string[] } };
}

/** The files some expose asks for only when it needs them and none needs before it runs. */
export function laterFiles(exposes: readonly ExposeAssets[] | undefined): Set<string> {
  const now = new Set(exposes?.flatMap((expose) => expose.assets?.js?.sync ?? []));
  return new Set(exposes?.flatMap((expose) => expose.assets?.js?.async ?? []).filter((file) => !now.has(file)));
}

/** A URL's file name, as the manifest lists it. */
export const fileOf = (url: string): string => url.split(/[?#]/)[0].split('/').pop() ?? '';
