// The host's index.html as the bench serves it: the build's own, less the hints a flag turns off (or
// the page's form, for the page without it), plus the entry and button's chunk preloads a
// server-rendered page could add (remotePreload.ts). Compressed like every other file.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

export interface PageEdits {
  /** Remove the page's own Stripe.js hints (preconnect, preload, script tag). */
  dropStripe: boolean;
  /** Remove the page's hints of the remote (its manifest's preload, its preconnect). */
  dropRemote: boolean;
  /** The remote's base URL, to recognise its preloads. */
  remoteUrl: string;
  /** Links to add after the remote's manifest preload (its entry's and the button's chunks); '' for none. */
  chunkLinks: string;
  /** Empty the page's root: no form that pays before the script, the page as it was before it had one. */
  dropForm?: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The root's first render in the HTML (the page and its payment form) taken out: React renders it all. */
export function withoutPageForm(html: string): string {
  const emptied = html.replace(/(<div id="?root"?>)[\s\S]*?(<\/div>\s*(?:<\/body>|<\/html>|$))/, '$1$2');
  if (emptied === html)
    throw new Error('The host page has no <div id="root"> with content to empty: bench/hostPage.ts\'s withoutPageForm needs updating.');
  return emptied;
}

export function editPage(html: string, edits: PageEdits): string {
  let out = edits.dropForm ? withoutPageForm(html) : html;
  if (edits.dropStripe) {
    out = out.replace(/<link[^>]*href="?https:\/\/js\.stripe\.com[^>]*>\s*/g, '');
    out = out.replace(/<script[^>]*src="?https:\/\/js\.stripe\.com[^>]*><\/script>\s*/g, '');
  }
  // The build minifies the HTML: attribute quotes may be gone.
  // Its preloads and its preconnect (whose URL is the bare origin).
  const remoteLink = new RegExp(`<link[^>]*href="?${escape(edits.remoteUrl)}(?=[/" >])[^>]*>\\s*`, 'g');
  if (edits.dropRemote) return out.replace(remoteLink, '');
  if (!edits.chunkLinks) return out;
  // The page preloads the manifest, not the entry (the verifier asks for it with the inventory's integrity).
  const manifestLink = new RegExp(`<link[^>]*href="?${escape(edits.remoteUrl)}/mf-manifest\\.json(?=[" >])[^>]*>`);
  if (manifestLink.test(out)) return out.replace(manifestLink, (link) => `${link}${edits.chunkLinks}`);
  // A page without the remote (`direct`) has none to add; a page with it whose manifest preload moved, say so.
  if (!out.includes(edits.remoteUrl)) return out;
  throw new Error(
    "The host page preloads no remote manifest to put the chunk preloads after: bench/hostPage.ts's editPage needs updating.",
  );
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
