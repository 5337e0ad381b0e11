// A TCP proxy in front of Postgres that can stall: what a failover or a saturated pooler looks like
// from the server. Stalled, it keeps every connection open and forwards nothing either way, and it
// accepts new connections without ever answering them; resumed, it forwards again.
import net from 'node:net';

export interface StallingProxy {
  url: string;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(target: string): Promise<StallingProxy> {
  const to = new URL(target);
  let stalled = false;
  // Bytes each way wait here while stalled, and go on when resumed.
  const flushes = new Set<() => void>();
  const forward = (from: net.Socket, to: net.Socket) => {
    const held: Buffer[] = [];
    const flush = () => {
      while (!stalled && held.length) to.write(held.shift()!);
    };
    flushes.add(flush);
    from.on('data', (chunk: Buffer) => (held.push(chunk), flush()));
    from.on('close', () => (flushes.delete(flush), to.destroy()));
    from.on('error', () => to.destroy());
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port), to.hostname);
    for (const socket of [client, upstream]) sockets.add(socket).add(socket.once('close', () => sockets.delete(socket)));
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `${to.protocol}//${to.username ? `${to.username}@` : ''}127.0.0.1:${port}${to.pathname}`,
    stall: () => void (stalled = true),
    resume() {
      stalled = false;
      flushes.forEach((flush) => flush());
    },
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
