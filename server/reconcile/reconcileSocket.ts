// `npm run reconcile` beside a server that owns the PGlite folder: the owner listens on a unix socket
// in its own generation folder (db/folderLock.ts), and the command asks it for one run and prints the
// report. Anyone who can reach the socket can already write the folder, so it asks for nothing more.
import net from 'node:net';
import path from 'node:path';
import { newestGeneration } from '../db/ownerFiles';
import { ownerFolderOf } from '../db/pglite';
import type { ReconcileReport } from './reconcile';

export type ReconcileAnswer = { report: ReconcileReport } | { busy: true } | { error: string };

const SOCKET = 'reconcile.sock';
/** A unix socket's path holds about 104 bytes: the relative one when the absolute one is longer. */
const socketPath = (file: string) => (file.length < 100 ? file : path.relative(process.cwd(), file));
const line = (answer: ReconcileAnswer) => `${JSON.stringify(answer)}\n`;

/** Serves `run` on `<dir>/reconcile.sock`: a line `{"days":7}` in, a line with the answer out. */
export function serveReconcile(dir: string, run: (days?: number) => Promise<ReconcileReport | 'busy'>): Promise<net.Server> {
  const server = net.createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return request.length > 1_000 ? void socket.destroy() : undefined;
      socket.removeAllListeners('data');
      let days: number | undefined;
      try {
        days = (JSON.parse(request) as { days?: number }).days;
      } catch {
        // Not JSON: a run with the default window, as a bare newline asks.
      }
      if (days !== undefined && !(days > 0)) return void socket.end(line({ error: 'days must be a positive number' }));
      run(days).then(
        (report) => socket.end(line(report === 'busy' ? { busy: true } : { report })),
        (error: unknown) => socket.end(line({ error: error instanceof Error ? error.message : String(error) })),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath(path.join(dir, SOCKET)), () => {
      server.unref();
      resolve(server);
    });
  });
}

/** Asks the owner of `dataDir` for one run; undefined when no owner listens (none runs, or it is starting). */
export async function askOwnerToReconcile(dataDir: string, days: number): Promise<ReconcileAnswer | undefined> {
  const newest = newestGeneration(ownerFolderOf(dataDir));
  if (!newest || newest.released) return undefined;
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(socketPath(path.join(newest.dir, SOCKET)), () => socket.write(`${JSON.stringify({ days })}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ReconcileAnswer);
      } catch {
        reject(new Error(`The server that owns ${dataDir} closed the reconcile socket without an answer (did it stop?).`));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(undefined) : reject(error),
    );
  });
}
