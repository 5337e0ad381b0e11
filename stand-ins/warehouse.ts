// A stand-in for a team's warehouse: takes `POST /orders` with an Idempotency-Key, records every call,
// and ships once per key (a repeat with a known key is answered 200 and ships nothing), as a real
// fulfilment API does. A test decides each answer (`respond`): a status, a delay, or never. `GET`
// lists the calls.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WarehouseCall {
  idempotencyKey: string | null;
  order: Record<string, unknown>;
  /** What was answered: a status, or null while (or if never) answered. */
  status: number | null;
}

export interface WarehouseStandIn {
  url: string;
  readonly calls: WarehouseCall[];
  /** Keys shipped (first 2xx per key), with how many calls each key took. */
  shipments(): Map<string, number>;
  close(): Promise<void>;
}

/** Resolves to the status to answer; a promise that never settles leaves the call unanswered. */
export type Respond = (call: WarehouseCall, index: number) => number | Promise<number>;

export async function startWarehouseStandIn(respond: Respond = () => 200): Promise<WarehouseStandIn> {
  const calls: WarehouseCall[] = [];
  const shipped = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    const answer = async () => {
      // What it got, for a test in another process.
      if (req.method === 'GET') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(calls));
      const order = JSON.parse(body || '{}') as Record<string, unknown>;
      const call: WarehouseCall = { idempotencyKey: req.headers['idempotency-key']?.toString() ?? null, order, status: null };
      calls.push(call);
      const status = req.method === 'POST' && call.idempotencyKey ? await respond(call, calls.length - 1) : 400;
      call.status = status;
      if (status < 300 && call.idempotencyKey) shipped.add(call.idempotencyKey);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ shipped: status < 300 }));
    };
    // A body that is not JSON, or a `respond` that throws, is a 500: a real warehouse's failure, never a hang.
    req.on('end', () => {
      answer().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ shipped: false, error: String(error) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  return {
    url,
    calls,
    shipments() {
      const counts = new Map<string, number>();
      for (const call of calls)
        if (call.idempotencyKey && shipped.has(call.idempotencyKey))
          counts.set(call.idempotencyKey, (counts.get(call.idempotencyKey) ?? 0) + 1);
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
