// The host's index.html as the bench serves it: the build's own, less the hints a flag turns off, plus
// the button's chunk preloads a server-rendered page could add (remotePreload.ts). Compressed like
// every other file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

export interface PageEdits {
  /** Remove the page's own Stripe.js hints (preconnect, preload, script tag). */
  dropStripe: boolean;
  /** Remove the page's preloads of the remote (manifest, entry). */
  dropRemote: boolean;
  /** The remote's base URL, to recognise its preloads. */
  remoteUrl: string;
  /** Links to add after the remote entry's preload (the button's chunks); '' for none. */
  chunkLinks: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function editPage(html: string, edits: PageEdits): string {
  let out = html;
  if (edits.dropStripe) {
    out = out.replace(/<link[^>]*href="?https:\/\/js\.stripe\.com[^>]*>\s*/g, '');
    out = out.replace(/<script[^>]*src="?https:\/\/js\.stripe\.com[^>]*><\/script>\s*/g, '');
  }
  // The build minifies the HTML: attribute quotes may be gone.
  const remoteLink = new RegExp(`<link[^>]*href="?${escape(edits.remoteUrl)}/[^>]*>\\s*`, 'g');
  if (edits.dropRemote) return out.replace(remoteLink, '');
  const entryLink = new RegExp(`<link[^>]*href="?${escape(edits.remoteUrl)}/remoteEntry\\.js(?=[" >])[^>]*>`);
  return edits.chunkLinks ? out.replace(entryLink, (link) => `${link}${edits.chunkLinks}`) : out;
}

/** A request handler for `/` answering the edited page (for build/staticServer's `handle`). */
export function servePage(root: string, edits: PageEdits) {
  return htmlHandler(editPage(readFileSync(path.join(root, 'index.html'), 'utf8'), edits));
}

/** A request handler for `/` answering `html`, gzipped for a client that takes it. */
export function htmlHandler(html: string) {
  const body = Buffer.from(html);
  const gzipped = gzipSync(body, { level: 9 });
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/' && url.pathname !== '/index.html') return false;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(gzip ? gzipped : body);
    return true;
  };
}
