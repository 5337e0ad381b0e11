// Static files as a CDN serves them: the build's precompressed copies (.br, .gz, see precompress.ts)
// chosen by Accept-Encoding, with the contract's headers (CORS, CORP, no-cache entries, immutable
// hashed chunks). sirv does the file serving; this module only adds the headers and a server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { CORS_HEADERS, cacheControlFor } from './federation';

export interface CompressedStaticOptions {
  root: string;
  port?: number;
  /** Answers a request before the files do; return true when it has answered. */
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
}

export interface CompressedStatic {
  url: string;
  close(): Promise<void>;
}

/** The request handler alone, for servers that route other paths themselves. */
export function compressedFiles(root: string): ReturnType<typeof sirv> {
  return sirv(root, {
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
}

export function startCompressedStatic(options: CompressedStaticOptions): Promise<CompressedStatic> {
  const files = compressedFiles(options.root);
  const server = http.createServer((req, res) => {
    if (options.handle?.(req, res)) return;
    files(req, res, () => {
      res.writeHead(404, { ...CORS_HEADERS, 'Content-Type': 'text/plain' }).end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
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
