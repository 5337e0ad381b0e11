// What a host that renders its HTML on a server can add to the manifest preload its static HTML
// already has (host-example/index.html): the remote's entry and the chunks of the module it renders
// first. Their names are hashed, so the server reads them from the manifest (once, then cached, as it
// would any upstream JSON); a statically served page cannot know them.

interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

/** The entry's and `expose`'s chunks' file names, relative to the manifest. */
export function firstFiles(manifest: Manifest, expose: string): string[] {
  const { name, path } = manifest.metaData.remoteEntry;
  const files = manifest.exposes.find((e) => e.path === expose)?.assets.js.sync;
  if (!files) throw new Error(`The remote's manifest exposes no ${expose}: bench/remotePreload.ts needs updating.`);
  return [path ? `${path.replace(/\/$/, '')}/${name}` : name, ...files];
}

export async function chunkPreloadLinks(manifestUrl: string, expose: string): Promise<string> {
  const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
  return firstFiles(manifest, expose)
    .map((file) => `<link rel="preload" href="${new URL(file, manifestUrl).href}" as="script" />`)
    .join('');
}
