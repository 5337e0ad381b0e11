// Demo-only server side, for the dev server and `npm run serve`: the session endpoint (offline
// stand-in sessions, or real ones in Stripe test mode through the official `stripe` library), the
// service worker that answers js.stripe.com offline, the CSP scenario's header, and a cookie on the
// page saying what it offers (the page reads it at once: no request before the button is usable).
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { NO_STRIPE_GLOBAL, STRIPE_STAND_IN } from '../../stand-ins/stripeJs';
import { DEMO_COOKIE, SLOW_STRIPE_MS, type DemoServer } from './options';

type Next = (error?: unknown) => void;

export interface DemoStripe {
  publishableKey: string;
  /** Real sessions in Stripe test mode; null: stand-in sessions. */
  stripe: Stripe | null;
  /** The page gets Stripe.js from the demo's service worker (offline). */
  standIn: boolean;
}

/** The offline demo's key: the stand-ins accept any publishable key. */
export const OFFLINE_PUBLISHABLE_KEY = 'pk_test_offlineDemo';

/** Stripe test mode when both test keys are in the environment; the offline stand-in otherwise. */
export function demoStripe(env = process.env): DemoStripe {
  const secret = env.STRIPE_SECRET_KEY;
  const publishable = env.STRIPE_PUBLISHABLE_KEY;
  if (secret?.startsWith('sk_test_') && publishable?.startsWith('pk_test_')) {
    return { publishableKey: publishable, stripe: new Stripe(secret, { timeout: 6_000, maxNetworkRetries: 1 }), standIn: false };
  }
  if (secret || publishable) console.warn('[demo] test keys only (sk_test_… and pk_test_…): using the offline stand-in');
  return { publishableKey: OFFLINE_PUBLISHABLE_KEY, stripe: null, standIn: true };
}

function serviceWorker(): string {
  return `// The demo's stand-in for js.stripe.com, by the page's ?stripe= scenario.
const STAND_IN = ${JSON.stringify(STRIPE_STAND_IN)}, NO_GLOBAL = ${JSON.stringify(NO_STRIPE_GLOBAL)};
const js = (body) => new Response(body, { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' } });
self.addEventListener('install', (e) => e.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (!event.request.url.startsWith('https://js.stripe.com/')) return;
  event.respondWith(self.clients.get(event.clientId).then((client) => {
    const scenario = client ? new URL(client.url).searchParams.get('stripe') : null;
    if (scenario === 'fail') return Response.error();
    if (scenario === 'hang') return new Promise(() => {});
    if (scenario === 'no-stripe') return js(NO_GLOBAL);
    if (scenario === 'slow') return new Promise((r) => setTimeout(() => r(js(STAND_IN)), ${SLOW_STRIPE_MS}));
    return js(STAND_IN);
  }));
});
`;
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(body || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function createSession(stripe: Stripe | null, origin: string, mode: string): Promise<{ url: string } | { clientSecret: string }> {
  if (!stripe) {
    const id = `cs_demo_${Math.random().toString(36).slice(2, 10)}`;
    return mode === 'embedded' ? { clientSecret: `${id}_secret_demo` } : { url: `https://checkout.stripe.com/c/pay/${id}` };
  }
  const line = { price_data: { currency: 'eur', product_data: { name: 'Coffee beans, 1 kg' }, unit_amount: 1200 }, quantity: 1 };
  const base = { mode: 'payment' as const, line_items: [line] };
  if (mode === 'embedded') {
    const session = await stripe.checkout.sessions.create({ ...base, ui_mode: 'embedded', return_url: `${origin}/?paid=1` });
    return { clientSecret: session.client_secret! };
  }
  const session = await stripe.checkout.sessions.create({ ...base, success_url: `${origin}/?paid=1`, cancel_url: `${origin}/` });
  return { url: session.url! };
}

/**
 * Connect-style middleware: answers the demo's paths, passes everything else on. `checkoutManifest`:
 * where the page's remote is (the CSP scenario allows its origin, or the page's `?remote=`).
 */
export function demoMiddleware(origin: string, checkoutManifest: string, { publishableKey, stripe, standIn }: DemoStripe = demoStripe()) {
  const mark: DemoServer = { stripe: standIn ? 'stand-in' : 'test-mode', publishableKey };
  const cookie = `${DEMO_COOKIE}=${encodeURIComponent(JSON.stringify(mark))}; Path=/; SameSite=Strict`;
  return async (req: IncomingMessage, res: ServerResponse, next: Next): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/demo-sw.js') return send(res, 200, serviceWorker(), 'text/javascript');
    if (url.pathname === '/api/checkout-sessions' && req.method === 'POST') {
      const { mode, scenario } = await readJson(req);
      if (scenario === '500') return send(res, 500, { error: 'demo: the server failed' });
      if (scenario === 'hang') return void setTimeout(() => send(res, 504, {}), 30_000);
      try {
        return send(res, 200, await createSession(stripe, origin, String(mode)));
      } catch (error) {
        return send(res, 502, { error: error instanceof Error ? error.message : 'Stripe refused the session' });
      }
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
}
