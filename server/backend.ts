// The server half assembled from the environment: the orders' database (PGlite under .data/, or
// DATABASE_URL's Postgres), the example's warehouse `fulfil`, the lease and the per-client session
// limit, and the three routes over them. The standalone server (main.ts) and the host example's demo
// server both run this.
import type Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS } from './catalog';
import { openDatabase } from './db/open';
import type { Database } from './db/sql';
import { formOriginsFromEnv } from './formOrigin';
import { sqlFormSubmissions } from './formSubmissions';
import { DEFAULT_LEASE, leaseOf, type LeasePolicy } from './fulfilment';
import { sqlOrders } from './orderStore';
import { DEFAULT_SESSION_LIMIT, type RateLimit } from './rateLimit';
import { checkoutRoutes } from './routes';
import { warehouseFulfil } from './warehouse';

export interface BackendOptions {
  stripe: Stripe;
  /** Where Stripe sends the person back (`?session_id=…` is added). */
  returnPage: string;
  /** STRIPE_WEBHOOK_SECRET; without it the webhook route answers 503. */
  webhookSecret?: string;
  /** Where the warehouse `fulfil` says what it shipped (console.log by default). */
  log?: (line: string) => void;
  /** DATABASE_URL, ORDERS_DATA_DIR, WAREHOUSE_URL, ORDER_LEASE_MS, SESSION_RATE_LIMIT, TRUST_PROXY, FORM_ALLOWED_ORIGINS (docs/server.md). */
  env?: NodeJS.ProcessEnv;
}

export interface CheckoutBackend {
  routes: ReturnType<typeof checkoutRoutes>;
  db: Database;
}

/** `SESSION_RATE_LIMIT=burst/perMinute` (e.g. `10/10`) or `off`; `TRUST_PROXY=1` behind a proxy. */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv): RateLimit | false {
  if (env.SESSION_RATE_LIMIT === 'off') return false;
  const [burst, perMinute] = (env.SESSION_RATE_LIMIT ?? '').split('/').map(Number);
  const limit = burst > 0 && perMinute > 0 ? { burst, perMinute } : DEFAULT_SESSION_LIMIT;
  return { ...limit, trustProxy: env.TRUST_PROXY === '1' };
}

/** `ORDER_LEASE_MS`: how long a claim holds (tests shorten it); 30 s by default. */
export function leaseFromEnv(env: NodeJS.ProcessEnv): LeasePolicy {
  if (env.ORDER_LEASE_MS === undefined) return DEFAULT_LEASE;
  const leaseMs = Number(env.ORDER_LEASE_MS);
  if (!(leaseMs > 0)) throw new Error(`ORDER_LEASE_MS must be a number of milliseconds, not ${env.ORDER_LEASE_MS}.`);
  return leaseOf(leaseMs);
}

export async function openCheckoutBackend({ stripe, returnPage, webhookSecret, log, env = process.env }: BackendOptions): Promise<CheckoutBackend> {
  const lease = leaseFromEnv(env);
  const formOrigins = formOriginsFromEnv(env, returnPage);
  const db = await openDatabase(env);
  const routes = checkoutRoutes({
    stripe,
    catalog: catalogOf(DEMO_PRODUCTS),
    returnPage,
    orders: sqlOrders(db),
    fulfil: warehouseFulfil({ url: env.WAREHOUSE_URL, log }),
    lease,
    rateLimit: rateLimitFromEnv(env),
    webhookSecret,
    formSubmissions: sqlFormSubmissions(db),
    formOrigins,
  });
  return { routes, db };
}
