// The host matrix's servers, in a child process of the set-up: each host on its own loopback port,
// with the test session endpoint and server/'s checkout routes (against one Stripe API stand-in, its
// URL under STRIPE_API_KEY); a built Next.js or React Router app through its framework's server, on
// the Node in E2E_LTS_NODE. Prints one JSON line (host id → URL); stops with its parent.
//   E2E_HOST_DIRS='{"<host id>": "<built directory>", …}'
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startStaticServer } from '../../../serve/staticServer';
import { appServerFor, startAppServer } from './appServer';
import { startCheckoutBackend } from './checkoutBackend';
import { STRIPE_API_KEY } from './env';
import { serveUntilParentExits } from './serverProcess';
import { handleSession } from './sessionEndpoint';

async function main(): Promise<void> {
  const dirs = JSON.parse(process.env.E2E_HOST_DIRS ?? '{}') as Record<string, string>;
  // Stripe sends the person back to a page of the host's; no test goes that far.
  const backend = await startCheckoutBackend('http://127.0.0.1/order');
  const servers: Array<{ close(): Promise<void> }> = [backend.stripeApi];
  const urls: Record<string, string> = { [STRIPE_API_KEY]: backend.stripeApi.url };
  const handle = async (req: IncomingMessage, res: ServerResponse) => (await handleSession(req, res)) || backend.handle(req, res);
  for (const [id, root] of Object.entries(dirs)) {
    const app = appServerFor(root);
    try {
      const server = app ? await startAppServer(root, app, process.env.E2E_LTS_NODE ?? process.execPath, handle) : await startStaticServer({ root, handle });
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
