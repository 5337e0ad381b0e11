// Serves pages with the Content-Security-Policy a test asks for:
//   GET /?csp=<policy>   the host example's page, with the policy verbatim; `{nonce}` in it is replaced by
//                        a fresh nonce, which is also put on the page's own <script> and <style> tags, in
//                        <meta name="csp-nonce"> and wherever the page says `{nonce}`.
//   GET /element/<file>?remote=<origin>&csp=<policy>   the no-bundler page (tests/e2e/hosts/element): the
//                        remote origin its HTML names (http://localhost:3001, like a dev config) replaced
//                        by `remote`, and the policy as above; its other files as they are, and the
//                        host kit's at vendor/host-kit/ (from its sources, types stripped: what its build writes).
import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ts from 'typescript';
import { CONFIGURED_REMOTE_ORIGIN } from './env';

const ELEMENT_PAGES = path.resolve(__dirname, '../hosts/element');
const HOST_KIT = path.resolve(__dirname, '../../../packages/host-kit/src');

/** `vendor/host-kit/<file>` of the element pages: the kit's module with its types stripped, or its stylesheet. */
function hostKitFile(name: string, res: http.ServerResponse): boolean {
  const file = path.join(HOST_KIT, path.normalize(name));
  const source = file.endsWith('.js') ? file.replace(/\.js$/, '.ts') : file;
  if (!source.startsWith(HOST_KIT) || !existsSync(source)) return false;
  const body = source.endsWith('.ts')
    ? ts.transpileModule(readFileSync(source, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText
    : readFileSync(source);
  const type = source.endsWith('.css') ? 'text/css' : 'text/javascript';
  res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' }).end(body);
  return true;
}

function sendHtml(res: http.ServerResponse, source: string, policy: string | null): void {
  const nonce = randomBytes(16).toString('base64');
  let html = source;
  if (policy?.includes('{nonce}')) {
    html = html
      .replace(/<(script|style)([ >])/g, `<$1 nonce="${nonce}"$2`)
      .replace('<head>', `<head><meta name="csp-nonce" content="${nonce}">`)
      .replaceAll('{nonce}', nonce); // where the page hands it on (an element's `nonce` attribute)
  }
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
  if (policy) headers['Content-Security-Policy'] = policy.replace(/\{nonce\}/g, nonce);
  res.writeHead(200, headers).end(html);
}

export function pageWithCsp(root: string) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const policy = url.searchParams.get('csp');
    if (req.method !== 'GET') return false;
    if (url.pathname.startsWith('/element/')) return elementPage(url, res);
    if (!policy || (url.pathname !== '/' && url.pathname !== '/index.html')) return false;
    sendHtml(res, readFileSync(path.join(root, 'index.html'), 'utf8'), policy);
    return true;
  };
}

function elementPage(url: URL, res: http.ServerResponse): boolean {
  const name = url.pathname.slice('/element/'.length) || 'index.html';
  if (name.startsWith('vendor/host-kit/')) return hostKitFile(name.slice('vendor/host-kit/'.length), res);
  const file = path.join(ELEMENT_PAGES, path.normalize(name));
  if (!file.startsWith(ELEMENT_PAGES) || !existsSync(file)) return false;
  if (!file.endsWith('.html')) {
    const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' }).end(readFileSync(file));
    return true;
  }
  const remote = url.searchParams.get('remote') ?? CONFIGURED_REMOTE_ORIGIN;
  sendHtml(res, readFileSync(file, 'utf8').replaceAll(CONFIGURED_REMOTE_ORIGIN, remote), url.searchParams.get('csp'));
  return true;
}
