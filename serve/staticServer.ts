// Serving built files as a CDN would, for `npm run serve`, the browser tests and the bench: `sirv`
// answers the files the build precompressed (brotli, gzip) with the contract's headers (any origin,
// cross-origin resources, no-cache entries, immutable hashed chunks).
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { CORS_HEADERS, cacheControlFor } from '../webpack/federation';

export interface FilesOptions {
  /** Extra headers on every file (e.g. a Content-Security-Policy for a test page). */
  headers?: Record<string, string>;
  /** Serve index.html for unknown paths (single-page apps). */
  spaFallback?: boolean;
}

export function contractFiles(root: string, options: FilesOptions = {}) {
  return sirv(path.resolve(root), {
    brotli: true,
    gzip: true,
    dev: false,
    etag: true,
    single: options.spaFallback ?? false,
    setHeaders(res, pathname) {
      for (const [name, value] of Object.entries({ ...CORS_HEADERS, ...options.headers })) res.setHeader(name, value);
      res.setHeader('Cache-Control', cacheControlFor(path.basename(pathname)));
    },
  });
}

export interface StaticServerOptions extends FilesOptions {
  root: string;
  port?: number;
  host?: string;
  /** Answers a request before the files do; return true when it has answered. */
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;
}

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const files = contractFiles(options.root, options);
  const notFound = (res: http.ServerResponse) => res.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain' }).end('Not found');
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      if (options.handle && (await options.handle(req, res))) return;
      files(req, res, () => void notFound(res));
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  };
  // `answer` never rejects: every failure is a 500 in its catch.
  const server = http.createServer((req, res) => void answer(req, res));
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
