// The e2e servers, in a child process of the global setup (which stops it by PID): the remote, a
// second copy of it, and the host example (its production build as plain files, as a CDN serves it,
// plus the test session endpoint and pages with the CSP a test asks for), each on a random loopback
// port, so the remote's origin differs from the host's and CORS is real.
// Prints one JSON line with their URLs; exits when told to, or when its parent goes away.
import { startStaticServer, type StaticServer } from '../../../build/staticServer';
import { pageWithCsp } from './pageHandler';
import { handleSession } from './sessionEndpoint';

export interface ServeDirs {
  remote: string;
  remoteCopy: string;
  host: string;
}

export type ServedUrls = ServeDirs;

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

  const urls: ServedUrls = { remote: remote.url, remoteCopy: remoteCopy.url, host: host.url };
  process.stdout.write(`${JSON.stringify(urls)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`e2e servers failed to start: ${String(error)}\n`);
  process.exit(1);
});
