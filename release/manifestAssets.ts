// The scripts mf-manifest.json names: the entry, each exposed module's and each shared module's JS.
// A federation host may fetch any of them (its preloads follow these lists), so each must be in the
// release inventory.

interface Assets {
  js?: { sync?: string[]; async?: string[] };
}

export interface FederationManifest {
  metaData: { remoteEntry: { name: string; path?: string }; publicPath?: string; release?: unknown };
  exposes?: Array<{ path: string; assets?: Assets }>;
  shared?: Array<{ name: string; assets?: Assets }>;
}

const scripts = (assets?: Assets) => [...(assets?.js?.sync ?? []), ...(assets?.js?.async ?? [])];

/** Each script the manifest names, relative to the release, with what names it. */
export function manifestScripts(manifest: FederationManifest): Map<string, string> {
  const named = new Map<string, string>();
  const entry = manifest.metaData.remoteEntry;
  named.set(entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name, 'the remote entry');
  for (const expose of manifest.exposes ?? [])
    for (const file of scripts(expose.assets)) if (!named.has(file)) named.set(file, `exposed ${expose.path}`);
  for (const shared of manifest.shared ?? [])
    for (const file of scripts(shared.assets)) if (!named.has(file)) named.set(file, `shared ${shared.name}`);
  return named;
}
