// A standalone checkout server: the three routes on one port, orders in the database, the example's
// warehouse `fulfil`. `node -r ts-node/register server/main.ts`, configured by the environment
// (docs/server.md lists it). Prints one JSON line `{ "url": … }` once it listens; SIGTERM stops it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS } from './catalog';
import { openDatabase } from './db/open';
import { DEFAULT_LEASE, leaseOf } from './fulfilment';
import { sqlOrders } from './orderStore';
import { DEFAULT_SESSION_LIMIT, type RateLimit } from './rateLimit';
import { checkoutRoutes } from './routes';
import { warehouseFulfil } from './warehouse';

/** `STRIPE_API_URL`: a Stripe API stand-in (tests, `npm run load`) instead of api.stripe.com. */
export function stripeFromEnv(env: NodeJS.ProcessEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set.');
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const where = api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {};
  return new Stripe(env.STRIPE_SECRET_KEY, { timeout: 10_000, maxNetworkRetries: api ? 0 : 2, ...where });
}

/** `SESSION_RATE_LIMIT=burst/perMinute` (e.g. `10/10`) or `off`; `TRUST_PROXY=1` behind a proxy. */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv): RateLimit | false {
  if (env.SESSION_RATE_LIMIT === 'off') return false;
  const [burst, perMinute] = (env.SESSION_RATE_LIMIT ?? '').split('/').map(Number);
  const limit = burst > 0 && perMinute > 0 ? { burst, perMinute } : DEFAULT_SESSION_LIMIT;
  return { ...limit, trustProxy: env.TRUST_PROXY === '1' };
}

export async function startCheckoutServer(env: NodeJS.ProcessEnv = process.env) {
  const leaseMs = Number(env.ORDER_LEASE_MS ?? DEFAULT_LEASE.leaseMs);
  if (!(leaseMs > 0)) throw new Error(`ORDER_LEASE_MS must be a number of milliseconds, not ${env.ORDER_LEASE_MS}.`);
  const db = await openDatabase(env);
  const routes = checkoutRoutes({
    stripe: stripeFromEnv(env),
    catalog: catalogOf(DEMO_PRODUCTS),
    returnPage: env.RETURN_PAGE ?? 'http://localhost:3000/',
    orders: sqlOrders(db),
    fulfil: warehouseFulfil({ url: env.WAREHOUSE_URL }),
    lease: env.ORDER_LEASE_MS ? leaseOf(leaseMs) : DEFAULT_LEASE,
    rateLimit: rateLimitFromEnv(env),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  });
  const server = http.createServer((req, res) => void routes(req, res).then((answered) => answered || res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(Number(env.PORT ?? 0), env.HOST ?? '127.0.0.1', resolve));
  const url = `http://${env.HOST ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  };
  return { url, db, close };
}

if (require.main === module) {
  startCheckoutServer().then(
    ({ url, close }) => {
      const stop = () => void close().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      // A child of a test or of the load run: go when the parent does, even if it was killed.
      if (process.env.EXIT_WITH_STDIN === '1') process.stdin.on('end', stop).resume();
      process.stdout.write(`${JSON.stringify({ url, pid: process.pid })}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
