// What a host that renders its HTML on a server can add to the manifest and entry preloads its
// static HTML already has (host-example/index.html): the chunks of the module it renders first.
// Their names are hashed, so the server reads them from the manifest (once, then cached, as it would
// any upstream JSON); a statically served page cannot know them.

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

export async function chunkPreloadLinks(manifestUrl: string, expose: string): Promise<string> {
  const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
  const files = manifest.exposes.find((e) => e.path === expose)?.assets.js.sync ?? [];
  return files.map((file) => `<link rel="preload" href="${new URL(file, manifestUrl).href}" as="script" />`).join('');
}
