// What a host that renders its HTML on a server can ask the browser for before any script runs:
// the remote's manifest, its entry and the chunks of the module it renders first. The chunk names
// are hashed, so the server reads them from the manifest (once, then cached, as it would any
// upstream JSON) rather than from its own build.

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

export async function remotePreloadLinks(manifestUrl: string, expose: string, chunks: boolean): Promise<string> {
  const links = [
    `<link rel="preload" href="${manifestUrl}" as="fetch" crossorigin="anonymous">`,
    `<link rel="preload" href="${new URL('remoteEntry.js', manifestUrl).href}" as="script">`,
  ];
  if (chunks) {
    const manifest = (await (await fetch(manifestUrl)).json()) as Manifest;
    const files = manifest.exposes.find((e) => e.path === expose)?.assets.js.sync ?? [];
    for (const file of files) links.push(`<link rel="preload" href="${new URL(file, manifestUrl).href}" as="script">`);
  }
  return links.join('');
}
