// The e2e servers, in a child process of the global setup (which stops it by PID):
// the remote, the test host (+ its session endpoint and CSP pages) and, when built, the host example,
// each on a random loopback port, so the remote's origin differs from the hosts' and CORS is real.
// Prints one JSON line with their URLs; exits when told to, or when its parent goes away.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startStaticServer, type StaticServer } from '../../../build/staticServer';
import { pageWithCsp } from './pageHandler';
import { handleSession } from './sessionEndpoint';

export interface ServeDirs {
  remote: string;
  remoteCopy: string;
  host: string;
  hostExample: string | null;
}

export interface ServedUrls {
  remote: string;
  remoteCopy: string;
  host: string;
  hostExample: string | null;
}

async function main(): Promise<void> {
  const dirs = JSON.parse(process.env.E2E_SERVE_DIRS ?? '') as ServeDirs;
  const servers: StaticServer[] = [];
  const remote = await startStaticServer({ root: dirs.remote });
  servers.push(remote);
  const remoteCopy = await startStaticServer({ root: dirs.remoteCopy });
  servers.push(remoteCopy);
  const hostPage = pageWithCsp(dirs.host);
  const host = await startStaticServer({
    root: dirs.host,
    handle: async (req, res) => hostPage(req, res) || (await handleSession(req, res)),
  });
  servers.push(host);
  let hostExample: StaticServer | null = null;
  if (dirs.hostExample) {
    // The host example with its demo server in the shape of Stripe test mode: no service worker, so
    // the page loads Stripe.js like a production host (our routes answer it), stand-in sessions.
    const { demoMiddleware } = await import('../../../host-example/demo/server');
    const demo = demoMiddleware('http://localhost', { publishableKey: 'pk_test_e2eHostExample', stripe: null, standIn: false });
    const api = (req: IncomingMessage, res: ServerResponse) =>
      new Promise<boolean>((resolve) => {
        demo(req, res, () => resolve(false)).then(() => res.writableEnded && resolve(true), () => resolve(false));
      });
    hostExample = await startStaticServer({ root: dirs.hostExample, handle: api, spaFallback: true });
    servers.push(hostExample);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(servers.map((s) => s.close()));
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds our stdin: when it dies (even by SIGKILL), stdin ends and we go too.
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();

  const urls: ServedUrls = { remote: remote.url, remoteCopy: remoteCopy.url, host: host.url, hostExample: hostExample?.url ?? null };
  process.stdout.write(`${JSON.stringify(urls)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`e2e servers failed to start: ${String(error)}\n`);
  process.exit(1);
});
