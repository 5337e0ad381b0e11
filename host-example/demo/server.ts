// Demo-only server side, for the dev server and `npm run serve`: the checkout routes of server/
// (session, status, webhook), the service worker that answers js.stripe.com offline, the CSP
// scenario's header, and a cookie on the page saying what it offers (the page reads it at once: no
// request before the button is usable). The routes are the same code in both set-ups: against
// Stripe in test mode (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY test keys; STRIPE_WEBHOOK_SECRET
// from `stripe listen`), or offline against the Stripe API stand-in, started here in-process.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { stripeJsServiceWorker } from '../../stand-ins/stripeJsWorker';
import { toNodeHandler, trustProxyFromEnv } from '../../server/adapters/node';
import { openCheckoutBackend, type CheckoutBackend } from '../../server/backend';
import { describeDatabase } from '../../server/db/open';
import { CHECKOUT_PATHS } from '../../server/routes';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { checkoutStandInPage, STRIPE_API_PROXY_PATH, stripeApiProxy } from '../../stand-ins/hostedCheckoutPage';
import { DEMO_COOKIE, SLOW_STRIPE_MS, type DemoServer } from './options';

type Next = (error?: unknown) => void;

export interface DemoStripe {
  publishableKey: string;
  /** The page gets Stripe.js from the demo's service worker, Stripe's API is the stand-in (offline). */
  standIn: boolean;
  stripe: Stripe | null;
}

/** The offline demo's key: the stand-ins accept any publishable key. */
export const OFFLINE_PUBLISHABLE_KEY = 'pk_test_offlineDemo';

/** Stripe test mode when both test keys are in the environment; the offline stand-ins otherwise. */
export function demoStripe(env = process.env): DemoStripe {
  const secret = env.STRIPE_SECRET_KEY;
  const publishable = env.STRIPE_PUBLISHABLE_KEY;
  if (secret?.startsWith('sk_test_') && publishable?.startsWith('pk_test_')) {
    return { publishableKey: publishable, standIn: false, stripe: new Stripe(secret, { timeout: 6_000, maxNetworkRetries: 1 }) };
  }
  if (secret || publishable) console.warn('[demo] test keys only (sk_test_… and pk_test_…): using the offline stand-ins');
  return { publishableKey: OFFLINE_PUBLISHABLE_KEY, standIn: true, stripe: null };
}

function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

interface Backend extends CheckoutBackend {
  standIn: StripeApiStandIn | null;
  /** The routes through the Node adapter: true when the request was theirs. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

async function startBackend(origin: string, { stripe }: DemoStripe, env = process.env): Promise<Backend> {
  // Offline, the stand-in signs its events with a secret of the demo's; `stripe listen` prints the real one.
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? (stripe ? undefined : `whsec_offline${randomBytes(12).toString('hex')}`);
  const standIn = stripe
    ? null
    : await startStripeApiStandIn({ webhook: { url: `${origin}${CHECKOUT_PATHS.webhook}`, secret: webhookSecret! } });
  if (stripe && !webhookSecret) console.warn(`[demo] no STRIPE_WEBHOOK_SECRET: ${CHECKOUT_PATHS.webhook} answers 503 (docs/server/)`);
  const log = (line: string) => console.log(`[demo] ${line}`);
  // Orders in PGlite under .data/ (or DATABASE_URL's Postgres); shipped to WAREHOUSE_URL, or logged.
  const backend = await openCheckoutBackend({
    stripe: stripe ?? stripeForStandIn(standIn!),
    returnPage: `${origin}/`,
    webhookSecret,
    log,
    env,
  }).catch(async (error: unknown) => {
    await standIn?.close();
    throw error;
  });
  log(`orders: ${describeDatabase(env)}`);
  return { ...backend, standIn, handle: toNodeHandler(backend.handlers, { trustProxy: trustProxyFromEnv(env) }) };
}

/**
 * Connect-style middleware: answers the demo's paths, passes everything else on. `checkoutManifest`:
 * where the page's remote is (the CSP scenario allows its origin, or the page's `?remote=`). `env`:
 * DATABASE_URL, ORDERS_DATA_DIR, WAREHOUSE_URL, STRIPE_WEBHOOK_SECRET (docs/server/configure.md).
 */
export function demoMiddleware(origin: string, checkoutManifest: string, demo: DemoStripe = demoStripe(), env = process.env) {
  const mark: DemoServer = { stripe: demo.standIn ? 'stand-in' : 'test-mode', publishableKey: demo.publishableKey };
  const cookie = `${DEMO_COOKIE}=${encodeURIComponent(JSON.stringify(mark))}; Path=/; SameSite=Strict`;
  let backend: Promise<Backend> | undefined;
  // A failed start (the orders' folder taken by another process, say) is tried again on the next request.
  const start = () =>
    (backend ??= startBackend(origin, demo, env).catch((error: Error) => {
      backend = undefined;
      throw error;
    }));
  // Opened now, not at the first click: a fresh database takes seconds to create.
  start().catch((error: Error) => console.error(`[demo] the checkout backend could not start: ${error.message}`));
  const middleware = async (req: IncomingMessage, res: ServerResponse, next: Next): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/demo-sw.js')
      return send(res, 200, stripeJsServiceWorker(SLOW_STRIPE_MS, STRIPE_API_PROXY_PATH), 'text/javascript');
    // The demo's session switch: a failing or silent endpoint, before the real one.
    const scenario = url.pathname === CHECKOUT_PATHS.sessions ? url.searchParams.get('scenario') : null;
    if (scenario === '500') return send(res, 500, JSON.stringify({ error: 'demo: the server failed' }), 'application/json');
    if (scenario === 'hang') return void setTimeout(() => send(res, 504, '{}', 'application/json'), 30_000);
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/demo-checkout')) {
      const started = await start().catch((error: Error) => {
        console.error(`[demo] the checkout backend could not start: ${error.message}`);
        return send(res, 503, JSON.stringify({ error: `demo: ${error.message}` }), 'application/json');
      });
      if (!started) return;
      const { handle, standIn } = started;
      if (await handle(req, res)) return;
      if (standIn && (await checkoutStandInPage(req, res, standIn))) return;
      if (standIn && (await stripeApiProxy(req, res, standIn))) return;
    }
    if (req.headers.accept?.includes('text/html')) res.setHeader('Set-Cookie', cookie);
    // The CSP scenario: a real policy that leaves js.stripe.com out.
    if (url.pathname === '/' && url.searchParams.get('stripe') === 'csp') {
      const remote = url.searchParams.get('remote');
      const remoteOrigin = new URL(remote?.startsWith('http') ? remote : checkoutManifest).origin;
      res.setHeader('Content-Security-Policy', `script-src 'self' ${remoteOrigin}`);
    }
    next();
  };
  /** Stops the Stripe API stand-in, if one was started, and closes the orders' database. */
  const close = async () => {
    const started = await backend?.catch(() => undefined);
    await started?.standIn?.close();
    await started?.close();
  };
  return Object.assign(middleware, { close });
}
