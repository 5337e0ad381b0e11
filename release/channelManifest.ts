// A channel's manifest (stable, canary…): the release's own mf-manifest.json with `publicPath` set to
// the release's absolute URL, so a host that follows the channel loads remoteEntry.js and the chunks
// from that release's directory. Promoting or rolling back writes this one small file again.
//
//   node -r ts-node/register release/channelManifest.ts <release dir>/mf-manifest.json <release URL> > <channel>/mf-manifest.json
import { readFileSync } from 'node:fs';

interface Manifest {
  metaData: { publicPath?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export function channelManifest(manifest: Manifest, releaseUrl: string): Manifest {
  const url = new URL(releaseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`The release URL must be http(s), got ${releaseUrl}.`);
  // Absolute, with its origin: the federation runtime uses publicPath as it is, from the host's page.
  const publicPath = url.href.endsWith('/') ? url.href : `${url.href}/`;
  return { ...manifest, metaData: { ...manifest.metaData, publicPath } };
}

if (require.main === module) {
  const [file, releaseUrl] = process.argv.slice(2);
  if (!file || !releaseUrl) {
    process.stderr.write('usage: channelManifest.ts <release>/mf-manifest.json <release URL>\n');
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  process.stdout.write(`${JSON.stringify(channelManifest(manifest, releaseUrl), null, 2)}\n`);
}
