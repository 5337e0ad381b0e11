// The e2e servers, in a child process of the global setup (which stops it by PID): the remote, a
// second copy of it, the previous release, and the host example (its production build as plain files, as a CDN serves it,
// plus the test session endpoint, pages with the CSP a test asks for, and server/'s checkout routes
// against the Stripe API stand-in), each on a random loopback port, so the remote's origin differs
// from the host's and CORS is real.
// Prints one JSON line with their URLs; exits when told to, or when its parent goes away.
import { startStaticServer, type StaticServer } from '../../../serve/staticServer';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { openDatabase } from '../../../server/db/open';
import { sqlFormSubmissions } from '../../../server/form/formSubmissions';
import { sqlOrders } from '../../../server/orders/orderStore';
import { toNodeHandler } from '../../../server/adapters/node';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../../server/routes';
import { sqlSessionRequests } from '../../../server/sessions/sessionRequests';
import { startStripeApiStandIn, stripeForStandIn } from '../../../stand-ins/stripeApi';
import { pageWithCsp } from './pageHandler';
import { serveUntilParentExits } from './serverProcess';
import { handleSession } from './sessionEndpoint';

export interface ServeDirs {
  remote: string;
  remoteCopy: string;
  /** The previous release's build (globalSetup.ts), when it could be built. */
  remotePrevious?: string;
  host: string;
  /** The host example's integration alone, built for redirect and for embedded mode. */
  integration: string;
  integrationEmbedded: string;
}

export type ServedUrls = ServeDirs & { stripeApi: string };

/** The host's webhook secret, which the Stripe API stand-in signs its events with. */
export const E2E_WEBHOOK_SECRET = 'whsec_e2eStandIn';

async function main(): Promise<void> {
  const dirs = JSON.parse(process.env.E2E_SERVE_DIRS ?? '') as ServeDirs;
  const servers: StaticServer[] = [];
  const remote = await startStaticServer({ root: dirs.remote });
  servers.push(remote);
  const remoteCopy = await startStaticServer({ root: dirs.remoteCopy });
  servers.push(remoteCopy);
  const remotePrevious = dirs.remotePrevious ? await startStaticServer({ root: dirs.remotePrevious }) : undefined;
  if (remotePrevious) servers.push(remotePrevious);
  const hostPage = pageWithCsp(dirs.host);
  let checkout: ReturnType<typeof toNodeHandler> = async () => false;
  const host = await startStaticServer({
    root: dirs.host,
    handle: async (req, res) => hostPage(req, res) || (await handleSession(req, res)) || (await checkout(req, res)),
  });
  servers.push(host);
  // The integration alone, as a team deploys it: its files and server/'s routes, nothing of the tests'.
  const integration = await startStaticServer({ root: dirs.integration, handle: (req, res) => checkout(req, res) });
  servers.push(integration);
  const integrationEmbedded = await startStaticServer({ root: dirs.integrationEmbedded, handle: (req, res) => checkout(req, res) });
  servers.push(integrationEmbedded);
  const stripeApi = await startStripeApiStandIn({ webhook: { url: `${host.url}${CHECKOUT_PATHS.webhook}`, secret: E2E_WEBHOOK_SECRET } });
  servers.push(stripeApi);
  const log = (message: string) => process.stderr.write(`[e2e checkout routes] ${message}\n`);
  const db = await openDatabase({ DATABASE_URL: 'memory://' });
  const handlers = createCheckoutHandlers({
    stripe: stripeForStandIn(stripeApi),
    catalog: catalogOf(DEMO_PRODUCTS),
    // The page Stripe sends the person back to: the host example, with the remote it loads.
    returnPage: `${host.url}/?remote=${encodeURIComponent(`${remote.url}/mf-manifest.json`)}`,
    orders: sqlOrders(db),
    sessionRequests: sqlSessionRequests(db),
    // The plain form's double submits (the pages post it same-origin: no FORM_ALLOWED_ORIGINS needed).
    formSubmissions: sqlFormSubmissions(db),
    fulfil: async () => {},
    // Every browser test clicks from 127.0.0.1: a per-client limit would make them depend on each other.
    rateLimit: false,
    webhookSecret: E2E_WEBHOOK_SECRET,
    log,
  });
  checkout = toNodeHandler(handlers);

  const urls: ServedUrls = {
    remote: remote.url,
    remoteCopy: remoteCopy.url,
    remotePrevious: remotePrevious?.url,
    host: host.url,
    integration: integration.url,
    integrationEmbedded: integrationEmbedded.url,
    stripeApi: stripeApi.url,
  };
  serveUntilParentExits(servers, urls);
}

main().catch((error: unknown) => {
  process.stderr.write(`e2e servers failed to start: ${String(error)}\n`);
  process.exit(1);
});
