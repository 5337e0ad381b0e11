// A built server-rendering app (Next.js, React Router, SvelteKit, Astro, Hono) served by its framework's
// own server (`next start`, React Router's Express server, adapter-node's `node build`, @astrojs/node's
// entry, the Hono app's `node src/server.ts`). An app that runs the
// server half itself is served alone, configured by its environment; otherwise behind a front server
// that answers the test session endpoint and server/'s checkout routes and hands every other request
// to the app, as a reverse proxy in front of a Node app would.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startStaticServer, type StaticServer } from '../../../serve/staticServer';
import { freePort } from './serverProcess';

function forward(req: http.IncomingMessage, res: http.ServerResponse, port: number): true {
  const upstream = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.once('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`the app's server did not answer: ${error.message}`);
  });
  req.pipe(upstream);
  return true;
}

/** How a built app in `dir` is served: its framework's server, and the line it prints once ready. */
interface AppServer {
  name: string;
  args: (port: number) => string[];
  env: (port: number) => NodeJS.ProcessEnv;
  ready: RegExp;
}

const NEXT: AppServer = {
  name: 'next start',
  args: (port) => ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
  env: () => ({ NEXT_TELEMETRY_DISABLED: '1' }),
  ready: /Ready in/,
};

// React Router's custom-server template (the app's server.js): react-router-serve gives routes no client address.
const REACT_ROUTER: AppServer = {
  name: 'node server.js (React Router)',
  args: () => ['server.js'],
  env: (port) => ({ PORT: String(port), HOST: '127.0.0.1' }),
  ready: /\[react-router host\] http/,
};

// adapter-node's server; it refuses form posts unless ORIGIN names the origin the browser sees.
const SVELTEKIT: AppServer = {
  name: 'node build (SvelteKit)',
  args: () => ['build/index.js'],
  env: (port) => ({ PORT: String(port), HOST: '127.0.0.1', ORIGIN: `http://127.0.0.1:${port}` }),
  ready: /Listening on/,
};

// @astrojs/node's standalone server.
const ASTRO: AppServer = {
  name: 'node dist/server/entry.mjs (Astro)',
  args: () => ['dist/server/entry.mjs'],
  env: (port) => ({ PORT: String(port), HOST: '127.0.0.1' }),
  ready: /Server listening on/,
};

// The app's own TypeScript, run by Node (type stripping), on @hono/node-server.
const HONO: AppServer = {
  name: 'node src/server.ts (Hono)',
  args: () => ['src/server.ts'],
  env: (port) => ({ PORT: String(port), HOST: '127.0.0.1' }),
  ready: /\[hono host\] http/,
};

/** The framework a built app in `dir` needs, or null: files a static server serves. */
export function appServerFor(dir: string): AppServer | null {
  if (existsSync(path.join(dir, '.next', 'BUILD_ID'))) return NEXT;
  if (existsSync(path.join(dir, 'dist', 'server', 'entry.mjs'))) return ASTRO;
  if (existsSync(path.join(dir, 'src', 'server.ts')) && existsSync(path.join(dir, 'node_modules', 'hono'))) return HONO;
  if (existsSync(path.join(dir, 'build', 'handler.js'))) return SVELTEKIT;
  if (existsSync(path.join(dir, 'server.js')) && existsSync(path.join(dir, 'build', 'server', 'index.js'))) return REACT_ROUTER;
  return null;
}

/**
 * Waits for the server to say it is ready; rejects with its output if it exits first or takes 600 s (a
 * stuck start, not a slow one: the matrix's servers start at once, and beside a loaded runner's other
 * work two of them took more than 120 s).
 */
function ready(child: ChildProcess, server: AppServer): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${server.name} was not ready within 600 s:\n${output}`)), 600_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (server.ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${server.name} exited (code ${code}):\n${output}`));
    });
  });
}

/** The framework's server for the app in `dir` on `port`, once it says it is ready; `env` over the framework's own. */
async function spawnApp(dir: string, server: AppServer, node: string, port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const child = spawn(node, server.args(port), {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', ...server.env(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await ready(child, server);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`${server.name}: ${chunk.toString()}`));
  return child;
}

/**
 * Stops an app's server and waits until it is gone. SIGTERM first; a server that shuts down gracefully
 * (SvelteKit's adapter-node waits for keep-alive connections a browser still holds) is killed after a
 * grace period, so no server outlives the test run that started it.
 */
async function stopApp(child: ChildProcess, graceMs = 3_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceful = await Promise.race([
    exited.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMs, false))),
  ]);
  clearTimeout(timer);
  if (graceful) return;
  child.kill('SIGKILL');
  await exited;
}

/** An app that answers every request itself, the server half's routes included, at `url` (its port chosen ahead, so `env` can name it). */
export async function startFrameworkApp(
  dir: string,
  server: AppServer,
  node: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; close(): Promise<void> }> {
  const child = await spawnApp(dir, server, node, port, env);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => stopApp(child),
  };
}

/** `dir` holds the built app and a `node_modules` with its framework; `node` runs the framework's server; `handle` answers first. */
export async function startAppServer(
  dir: string,
  server: AppServer,
  node: string,
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>,
): Promise<StaticServer> {
  const port = await freePort();
  const child = await spawnApp(dir, server, node, port);
  const front = await startStaticServer({ root: dir, handle: async (req, res) => (await handle(req, res)) || forward(req, res, port) });
  return {
    ...front,
    close: async () => {
      await Promise.all([stopApp(child), front.close()]);
    },
  };
}
