// A throwaway server on a free port for files served as a CDN would: `npm run serve`'s sirv
// handler (build/serve.ts: the build's precompressed .br/.gz copies, the contract's headers), plus an
// optional handler that answers some paths first. For the bench; tests can use it the same way.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CORS_HEADERS } from './federation';
import { serveRemote } from './serve';

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

export function startCompressedStatic(options: CompressedStaticOptions): Promise<CompressedStatic> {
  const files = serveRemote(options.root);
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
