// The host matrix's servers, in a child process of the set-up: each host on its own loopback port,
// with the test session endpoint; a built Next.js or React Router app through its framework's server,
// on the Node in E2E_LTS_NODE. Prints one JSON line (host id → URL); stops with its parent.
//   E2E_HOST_DIRS='{"<host id>": "<built directory>", …}'
import { startStaticServer, type StaticServer } from '../../../build/staticServer';
import { appServerFor, startAppServer } from './appServer';
import { serveUntilParentExits } from './serverProcess';
import { handleSession } from './sessionEndpoint';

async function main(): Promise<void> {
  const dirs = JSON.parse(process.env.E2E_HOST_DIRS ?? '{}') as Record<string, string>;
  const servers: StaticServer[] = [];
  const urls: Record<string, string> = {};
  for (const [id, root] of Object.entries(dirs)) {
    const app = appServerFor(root);
    try {
      const server = app ? await startAppServer(root, app, process.env.E2E_LTS_NODE ?? process.execPath) : await startStaticServer({ root, handle: handleSession });
      servers.push(server);
      urls[id] = server.url;
    } catch (error) {
      // The host's test says it has no server; the others run.
      process.stderr.write(`the host matrix server for ${id} did not start: ${String(error)}\n`);
    }
  }
  serveUntilParentExits(servers, urls);
}

main().catch((error: unknown) => {
  process.stderr.write(`the host matrix servers failed to start: ${String(error)}\n`);
  process.exit(1);
});
