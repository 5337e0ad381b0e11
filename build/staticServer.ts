import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CORS_HEADERS, cacheControlFor } from './federation';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.zip': 'application/zip',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
  /** Extra headers on every answer (e.g. a Content-Security-Policy for a test page). */
  headers?: Record<string, string>;
  /** Answers a request before the files do; return true when it has answered. */
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;
  /** Serve index.html for unknown paths without an extension (single-page apps). */
  spaFallback?: boolean;
}

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A small static server with the contract's headers: CORS, CORP cross-origin, no-cache entries, immutable hashed chunks. */
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const server = http.createServer(async (req, res) => {
    try {
      if (options.handle && (await options.handle(req, res))) return;
      const url = new URL(req.url ?? '/', 'http://localhost');
      let file = path.join(root, decodeURIComponent(url.pathname));
      if (!file.startsWith(root)) {
        res.writeHead(403).end();
        return;
      }
      let stat = statSync(file, { throwIfNoEntry: false });
      if (stat?.isDirectory()) {
        file = path.join(file, 'index.html');
        stat = statSync(file, { throwIfNoEntry: false });
      }
      if (!stat && options.spaFallback && !path.extname(file)) {
        file = path.join(root, 'index.html');
        stat = statSync(file, { throwIfNoEntry: false });
      }
      if (!stat) {
        res.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, {
        ...CORS_HEADERS,
        ...options.headers,
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': stat.size,
        'Cache-Control': cacheControlFor(path.basename(file)),
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        url: `http://localhost:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
