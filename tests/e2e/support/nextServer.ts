// A built Next.js app served as `next start` serves it, behind a front server that answers the test
// session endpoint itself (the app has no such route) and hands every other request to Next, as a
// reverse proxy in front of a Node app would.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../../build/staticServer';
import { handleSession } from './sessionEndpoint';
import { freePort } from './serverProcess';


function forward(req: http.IncomingMessage, res: http.ServerResponse, port: number): true {
  const upstream = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.once('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`next start did not answer: ${error.message}`);
  });
  req.pipe(upstream);
  return true;
}

/** Waits for `next start` to say it is ready; rejects with its output if it exits first or takes 30 s. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`next start was not ready within 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready in/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`next start exited (code ${code}):\n${output}`));
    });
  });
}

/** `dir` holds the built app (`.next/`) and a `node_modules` with `next`. */
export async function startNextServer(dir: string): Promise<StaticServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await ready(child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`next start: ${chunk.toString()}`));
  const front = await startStaticServer({ root: dir, handle: async (req, res) => (await handleSession(req, res)) || forward(req, res, port) });
  return {
    ...front,
    close: async () => {
      child.kill('SIGTERM');
      await front.close();
    },
  };
}
