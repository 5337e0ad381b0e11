// The checkout handlers on a real loopback HTTP server through the Node adapter, for tests that send
// them real requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, type CheckoutRoute, type NodeAdapterOptions } from '../../server/adapters/node';

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serveRoutes(handlers: { route: CheckoutRoute } | CheckoutRoute, options: NodeAdapterOptions = {}): Promise<Served> {
  const handle = toNodeHandler(handlers, { warn: () => {}, ...options });
  // A handler that throws answers 500 (and the test sees it), rather than leaving the request hanging.
  const server = http.createServer((req, res) => {
    handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      (error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
