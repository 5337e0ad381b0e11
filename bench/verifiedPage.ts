// The `verified` page's HTML, as a server that knows the release it trusts would send it: its
// preloads of the remote's scripts carry the release inventory's integrity and `crossorigin`, as the
// verified runtime's own tags do (a preload that differs in either is not used: the file would be
// downloaded twice), and the inventory and its signature are preloaded too, fetched while the page
// parses instead of after the manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  INVENTORY_FILE as INVENTORY,
  SIGNATURE_FILE as SIGNATURE,
  type ReleaseInventory,
} from '../packages/host-kit/src/release/releaseFormat';

export { INVENTORY, SIGNATURE };

/** The inventory's integrity per file path (relative to the release), read from a build's directory. */
export function inventoryIntegrity(dist: string): Map<string, string> {
  const inventory = JSON.parse(readFileSync(path.join(dist, INVENTORY), 'utf8')) as ReleaseInventory;
  return new Map(inventory.files.map((f) => [f.path, f.integrity]));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every script preload of `remoteUrl` pinned to its inventory integrity; the inventory and signature preloaded beside the manifest. */
export function pinPreloads(html: string, remoteUrl: string, integrity: Map<string, string>): string {
  const link = new RegExp(`<link([^>]*?)href="?${escape(remoteUrl)}/([^" >]+)"?([^>]*?)\\s*/?>`, 'g');
  const pinned = html.replace(link, (tag, before: string, file: string, after: string) => {
    const attrs = `${before}${after}`;
    if (!/\bas="?script\b/.test(attrs) || /\bintegrity=/.test(attrs)) return tag;
    const known = integrity.get(file);
    if (!known) throw new Error(`${file} is preloaded by the page but not in the release inventory.`);
    const cors = /\bcrossorigin\b/.test(attrs) ? '' : ' crossorigin="anonymous"';
    return `<link${before}href="${remoteUrl}/${file}"${after}${cors} integrity="${known}">`;
  });
  const fetched = [INVENTORY, SIGNATURE]
    .map((file) => `<link rel="preload" href="${remoteUrl}/${file}" as="fetch" crossorigin="anonymous">`)
    .join('');
  const manifest = new RegExp(`<link[^>]*href="?${escape(remoteUrl)}/mf-manifest\\.json[^>]*>`);
  return manifest.test(pinned) ? pinned.replace(manifest, (tag) => `${tag}${fetched}`) : pinned.replace('</head>', `${fetched}</head>`);
}
