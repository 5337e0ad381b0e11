// A service worker that answers js.stripe.com with the Stripe.js stand-in, so a page runs offline:
// the host example's demo registers it. What it answers follows the controlled page's `?stripe=`
// scenario: `fail` (a network error), `hang` (no answer), `no-stripe` (a script without the global),
// `slow` (the stand-in after `slowMs`), anything else the stand-in at once. Stripe's API, as the
// stand-in Stripe.js calls it (a wallet's confirm), goes to the page's own server at `apiProxyPath`,
// which hands it to the Stripe API stand-in.
import { NO_STRIPE_GLOBAL, STRIPE_STAND_IN } from './stripeJs';

/** The worker's source, served as JavaScript. */
export function stripeJsServiceWorker(slowMs: number, apiProxyPath: string): string {
  return `// The demo's stand-in for js.stripe.com, by the page's ?stripe= scenario.
const STAND_IN = ${JSON.stringify(STRIPE_STAND_IN)}, NO_GLOBAL = ${JSON.stringify(NO_STRIPE_GLOBAL)};
const js = (body) => new Response(body, { headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' } });
self.addEventListener('install', (e) => e.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const { url, method } = event.request;
  if (url.startsWith('https://api.stripe.com/')) {
    const path = ${JSON.stringify(apiProxyPath)} + new URL(url).pathname;
    event.respondWith(event.request.text().then((body) => fetch(path, { method, body: method === 'GET' ? undefined : body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })));
    return;
  }
  if (!url.startsWith('https://js.stripe.com/')) return;
  event.respondWith(self.clients.get(event.clientId).then((client) => {
    const scenario = client ? new URL(client.url).searchParams.get('stripe') : null;
    if (scenario === 'fail') return Response.error();
    if (scenario === 'hang') return new Promise(() => {});
    if (scenario === 'no-stripe') return js(NO_GLOBAL);
    if (scenario === 'slow') return new Promise((r) => setTimeout(() => r(js(STAND_IN)), ${slowMs}));
    return js(STAND_IN);
  }));
});
`;
}
