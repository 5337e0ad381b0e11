// Serves the host page with the Content-Security-Policy a test asks for:
//   GET /?csp=<policy>   the policy, verbatim; `{nonce}` in it is replaced by a fresh nonce, which is
//                        also put on the page's own <script> and <style> tags and in <meta name="csp-nonce">.
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export function pageWithCsp(root: string) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const policy = url.searchParams.get('csp');
    if (req.method !== 'GET' || !policy || (url.pathname !== '/' && url.pathname !== '/index.html')) return false;
    const nonce = randomBytes(16).toString('base64');
    let html = readFileSync(path.join(root, 'index.html'), 'utf8');
    if (policy.includes('{nonce}')) {
      html = html
        .replace(/<(script|style)([ >])/g, `<$1 nonce="${nonce}"$2`)
        .replace('<head>', `<head><meta name="csp-nonce" content="${nonce}">`);
    }
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': policy.replace(/\{nonce\}/g, nonce),
      })
      .end(html);
    return true;
  };
}
