// What a host that renders its HTML on a server can add to the manifest preload its static HTML
// already has (host-example/index.html): the remote's entry and the chunks of the module it renders
// first. Their names are hashed, so the server reads them from the manifest (once, then cached, as it
// would any upstream JSON); a statically served page cannot know them.

interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[]; async?: string[] } } }[];
}

export interface FirstFilesOptions {
  /** The page shows wallets mode: the row's chunk too (`wallets.<hash>.js`, which the kit then runs early). */
  walletRow?: boolean;
}

/** The entry's and `expose`'s chunks' file names, relative to the manifest. */
export function firstFiles(manifest: Manifest, expose: string, { walletRow = false }: FirstFilesOptions = {}): string[] {
  const { name, path } = manifest.metaData.remoteEntry;
  const js = manifest.exposes.find((e) => e.path === expose)?.assets.js;
  if (!js) throw new Error(`The remote's manifest exposes no ${expose}: bench/remotePreload.ts needs updating.`);
  const row = walletRow ? (js.async ?? []).filter((file) => /^wallets\./.test(file)) : [];
  if (walletRow && row.length !== 1)
    throw new Error(`The remote's ${expose} has no one wallets.<hash>.js chunk: bench/remotePreload.ts needs updating.`);
  return [path ? `${path.replace(/\/$/, '')}/${name}` : name, ...js.sync, ...row];
}

export async function chunkPreloadLinks(manifestUrl: string, expose: string, options?: FirstFilesOptions): Promise<string> {
  const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
  return firstFiles(manifest, expose, options)
    .map((file) => `<link rel="preload" href="${new URL(file, manifestUrl).href}" as="script" />`)
    .join('');
}
