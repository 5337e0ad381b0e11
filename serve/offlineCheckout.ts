// `npm run serve:offline`: the server half for a host of your own, offline. One port serves the
// checkout routes (server/, through the Node adapter), the stand-in of Stripe's hosted page, and
// CORS for your pages; behind it run the Stripe API stand-in and an in-memory orders database. Every
// hosted-page session's URL is this server's stand-in page, so the button's redirect (and a plain
// form's 303) lands there; paying on it sends the signed webhooks back here and the person to your
// return page. Nothing reaches Stripe.
//
//   PORT (4242), HOST (127.0.0.1; 0.0.0.0 to listen on every interface), PUBLIC_URL (what pages reach
//   it by, http://<HOST>:<PORT> by default), RETURN_PAGE (your page Stripe sends the person back to),
//   ALLOWED_ORIGINS (your pages' origins, comma-separated: CORS for the button, and the form's origin
//   check; RETURN_PAGE's origin by default), and the server half's own variables (docs/server/configure.md).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { boundServerTimeouts, toNodeHandler, trustProxyFromEnv } from '../server/adapters/node';
import { openCheckoutBackend } from '../server/backend';
import { formOriginsFromEnv } from '../server/form/formOrigin';
import { CHECKOUT_PATHS } from '../server/routes';
import { CHECKOUT_STAND_IN_PATH, checkoutStandInPage } from '../stand-ins/hostedCheckoutPage';
import { startStripeApiStandIn, stripeForStandIn } from '../stand-ins/stripeApi';

export interface OfflineCheckout {
  /** Where pages reach the checkout routes and the stand-in page. */
  url: string;
  /** The Stripe API stand-in (tests drive payments through it). */
  stripeApi: string;
  close: () => Promise<void>;
}

const PATHS = new Set<string>(Object.values(CHECKOUT_PATHS));

/** The button's fetch from another origin: a JSON POST with an Idempotency-Key, so a preflight first. */
function cors(req: http.IncomingMessage, res: http.ServerResponse, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin || !allowed.includes(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
    'Access-Control-Max-Age': '600',
  });
  res.end();
  return true;
}

export async function startOfflineCheckout(env: NodeJS.ProcessEnv = process.env): Promise<OfflineCheckout> {
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 4242);
  const returnPage = env.RETURN_PAGE ?? 'http://localhost:3000/';
  const allowed = formOriginsFromEnv({ FORM_ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? env.FORM_ALLOWED_ORIGINS }, returnPage);
  const trustProxy = trustProxyFromEnv(env);
  // Listening first: the stand-in's session URLs and webhooks need this server's address.
  const server = boundServerTimeouts(http.createServer());
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const listening = (server.address() as AddressInfo).port;
  const url = (env.PUBLIC_URL ?? `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${listening}`).replace(/\/$/, '');
  const webhookSecret = `whsec_offline${randomBytes(12).toString('hex')}`;
  const stripeApi = await startStripeApiStandIn({
    webhook: { url: `${url}${CHECKOUT_PATHS.webhook}`, secret: webhookSecret },
    hostedPageUrl: (id) => `${url}${CHECKOUT_STAND_IN_PATH}?session=${encodeURIComponent(id)}`,
  });
  const backend = await openCheckoutBackend({
    stripe: stripeForStandIn(stripeApi),
    returnPage,
    webhookSecret,
    env: { DATABASE_URL: 'memory://', ...env, FORM_ALLOWED_ORIGINS: allowed.join(',') },
  }).catch(async (error: unknown) => {
    await stripeApi.close();
    server.close();
    throw error;
  });
  const checkout = toNodeHandler(backend.handlers, { trustProxy });
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (PATHS.has(path) && cors(req, res, allowed)) return;
    if (await checkout(req, res)) return;
    if (await checkoutStandInPage(req, res, stripeApi)) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
  };
  // A failure of the stand-in's page is a 500, never an unhandled rejection and a request left open.
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(String(error));
    });
  });
  return {
    url,
    stripeApi: stripeApi.url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await backend.close();
      await stripeApi.close();
    },
  };
}

if (require.main === module) {
  startOfflineCheckout().then(
    ({ url, stripeApi, close }) => {
      const stop = () => void close().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      console.log(
        [
          `checkout routes  ${url}/api/checkout-sessions (sessionEndpoint), ${url}/api/checkout-session-status, ${url}/api/stripe-webhook`,
          `hosted page      ${url}${CHECKOUT_STAND_IN_PATH}?session=… (the stand-in of Stripe's page; add ${new URL(url).origin} to allowedCheckoutOrigins)`,
          `Stripe API       ${stripeApi} (stand-in)`,
        ].join('\n'),
      );
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
