// A handler of server/ on a real loopback HTTP server, for tests that send it real requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serveRoutes(handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean | void>): Promise<Served> {
  const server = http.createServer(async (req, res) => {
    if ((await handle(req, res)) === false) res.writeHead(404).end();
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
