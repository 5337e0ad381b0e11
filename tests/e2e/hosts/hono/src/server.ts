// A Hono app on Node (@hono/node-server) that runs the server half in its own routes: Hono hands
// each route a Web Request (`c.req.raw`) and takes a Web Response, the server half's shape. The host
// kit's dist/ is served whole: element.js imports its siblings.
import { serve, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { checkout } from './checkout.ts';
import { orderPage } from './page.ts';

const app = new Hono<{ Bindings: HttpBindings }>();
// The client's address as the socket sees it; behind a proxy, take it from your proxy's header instead.
const context = (c: { env: HttpBindings }) => ({ clientAddress: c.env.incoming.socket.remoteAddress ?? '' });

app.post('/api/checkout-sessions', async (c) => (await checkout()).sessions(c.req.raw, context(c)));
app.get('/api/checkout-session-status', async (c) => (await checkout()).status(c.req.raw, context(c)));
// The raw body reaches the handler untouched (it verifies Stripe's signature over those bytes).
app.post('/api/stripe-webhook', async (c) => (await checkout()).webhook(c.req.raw, context(c)));

app.use(
  '/vendor/host-kit/*',
  serveStatic({ root: './node_modules/@checkout/host-kit/dist', rewriteRequestPath: (p) => p.slice('/vendor/host-kit'.length) }),
);
app.get('/checkout.js', serveStatic({ path: './public/checkout.js' }));
app.get('/', (c) => c.html(orderPage(c.req.query('props'))));
app.get('/order', (c) => c.text(`Thank you: order ${c.req.query('session_id') ?? ''}.`));

const port = Number(process.env.PORT ?? 8787);
serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`[hono host] http://${info.address}:${info.port}`);
  // Opened now, not at the first request (a failure is said, and tried again by that request).
  checkout().catch((error: unknown) => console.error('the server half did not open:', error));
});
