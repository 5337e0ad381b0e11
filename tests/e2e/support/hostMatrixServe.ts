// The host matrix's servers, in a child process of the set-up: each host on its own loopback port.
// A host whose own server runs the server half (E2E_FRAMEWORK_SERVERS: Next.js route handlers, React
// Router resource routes, SvelteKit endpoints) is its framework's server alone, configured by its
// environment: a Stripe API stand-in of its own that delivers signed webhooks to it, the warehouse
// stand-in it ships to, an in-memory orders database. The others get the test session endpoint and
// server/'s checkout routes (against one Stripe API stand-in, its URL under STRIPE_API_KEY) beside
// their files, or in front of their framework's server. Prints one JSON line (host id → URL); stops
// with its parent.
//   E2E_HOST_DIRS='{"<host id>": "<built directory>", …}'
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startStaticServer } from '../../../serve/staticServer';
import { startStripeApiStandIn } from '../../../stand-ins/stripeApi';
import { OFFLINE_SECRET_KEY, startOfflineStripe } from '../../../serve/stripeOffline';
import { CHECKOUT_PATHS } from '../../../server/routes';
import { startWarehouseStandIn } from '../../../stand-ins/warehouse';
import { appServerFor, startAppServer, startFrameworkApp } from './appServer';
import { startCheckoutBackend } from './checkoutBackend';
import { FRAMEWORK_WEBHOOK_SECRET, HOST_STRIPE_API_PREFIX, STRIPE_API_KEY, WAREHOUSE_KEY } from './env';
import { freePort, serveUntilParentExits } from './serverProcess';
import { handleSession } from './sessionEndpoint';

async function main(): Promise<void> {
  const dirs = JSON.parse(process.env.E2E_HOST_DIRS ?? '{}') as Record<string, string>;
  const framework = new Set(JSON.parse(process.env.E2E_FRAMEWORK_SERVERS ?? '[]') as string[]);
  // Theirs is `npm run stripe:offline`, as a host of one's own runs it: its hosted page delivers the webhooks.
  const offline = new Set(JSON.parse(process.env.E2E_OFFLINE_SERVERS ?? '[]') as string[]);
  const node = process.env.E2E_LTS_NODE ?? process.execPath;
  // Stripe sends the person back to a page of the host's; no test goes that far.
  const backend = await startCheckoutBackend('http://127.0.0.1/order');
  const warehouse = await startWarehouseStandIn();
  const servers: Array<{ close(): Promise<void> }> = [backend.stripeApi, warehouse];
  const urls: Record<string, string> = { [STRIPE_API_KEY]: backend.stripeApi.url, [WAREHOUSE_KEY]: warehouse.url };
  const handle = async (req: IncomingMessage, res: ServerResponse) => (await handleSession(req, res)) || backend.handle(req, res);
  // Two at a time (two cores): each framework's server spends its start loading and opening its store;
  // one after the other they took more than a minute, all five at once more than 120 s each on a loaded runner.
  const start = async (id: string, root: string) => {
    const app = appServerFor(root);
    try {
      if (app && (framework.has(id) || offline.has(id))) {
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const webhook = { url: `${url}${CHECKOUT_PATHS.webhook}`, secret: FRAMEWORK_WEBHOOK_SECRET };
        const stripeApi = offline.has(id)
          ? await startOfflineStripe({ port: 0, webhookUrl: webhook.url, webhookSecret: webhook.secret })
          : await startStripeApiStandIn({ webhook });
        servers.push(stripeApi);
        urls[`${HOST_STRIPE_API_PREFIX}${id}`] = stripeApi.url;
        const env = {
          STRIPE_SECRET_KEY: offline.has(id) ? OFFLINE_SECRET_KEY : 'sk_test_standIn',
          STRIPE_API_URL: stripeApi.url,
          STRIPE_WEBHOOK_SECRET: FRAMEWORK_WEBHOOK_SECRET,
          RETURN_PAGE: `${url}/order`,
          DATABASE_URL: 'memory://',
          WAREHOUSE_URL: warehouse.url,
          // The webhook ships; reconcile would ship what it missed, and hide that it did.
          RECONCILE_INTERVAL_MS: 'off',
          // Every page of the matrix clicks from 127.0.0.1.
          SESSION_RATE_LIMIT: 'off',
          STATUS_RATE_LIMIT: 'off',
        };
        const server = await startFrameworkApp(root, app, node, port, env);
        servers.push(server);
        urls[id] = server.url;
        return;
      }
      const server = app ? await startAppServer(root, app, node, handle) : await startStaticServer({ root, handle });
      servers.push(server);
      urls[id] = server.url;
    } catch (error) {
      // The host's test says it has no server; the others run.
      process.stderr.write(`the host matrix server for ${id} did not start: ${String(error)}\n`);
    }
  };
  const queue = Object.entries(dirs);
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await start(...next);
  };
  await Promise.all([lane(), lane()]);
  serveUntilParentExits(servers, urls);
}

main().catch((error: unknown) => {
  process.stderr.write(`the host matrix servers failed to start: ${String(error)}\n`);
  process.exit(1);
});
