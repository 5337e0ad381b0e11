// The server half assembled from the environment: the orders' database (PGlite under .data/, or
// DATABASE_URL's Postgres), the example's warehouse `fulfil`, the lease and the per-client session
// limit, the three routes over them, and reconcile on a schedule (with, on PGlite, the socket through
// which `npm run reconcile` asks for a run). The standalone server (main.ts) and the host example's
// demo server both run this.
import type Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS, type Catalog } from './sessions/catalog';
import { checkSessionPolicy, type SessionPolicy } from './sessions/sessionPolicy';
import { openDatabase } from './db/open';
import type { Database } from './db/sql';
import { formOriginsFromEnv } from './form/formOrigin';
import { sqlFormSubmissions } from './form/formSubmissions';
import { DEFAULT_LEASE, leaseOf, type LeasePolicy } from './orders/fulfilment';
import { sqlOrders } from './orders/orderStore';
import { integrationFromEnv, type Ownership } from './orders/ourSession';
import { limitsFromEnv } from './limits/rateLimit';
import { reconcileIntervalFromEnv, startReconciler, type Reconciler } from './reconcile/reconcileSchedule';
import { serveReconcile } from './reconcile/reconcileSocket';
import { createCheckoutHandlers, type CheckoutHandlers } from './routes';
import { sqlSessionRequests } from './sessions/sessionRequests';
import { warehouseFulfil } from './orders/warehouse';

/** Besides the environment: your catalog, and what you decide for every session (sessionPolicy.ts). */
export interface BackendOptions extends SessionPolicy {
  stripe: Stripe;
  /** What can be bought (catalogOf(products), checked at start-up); the host example's demo shop by default. */
  catalog?: Catalog;
  /** Where Stripe sends the person back (`?session_id=…` is added). */
  returnPage: string;
  /** STRIPE_WEBHOOK_SECRET; without it the webhook route answers 503. */
  webhookSecret?: string;
  /** Where the warehouse `fulfil` says what it shipped (console.log by default). */
  log?: (line: string) => void;
  /** DATABASE_URL, ORDERS_DATA_DIR, WAREHOUSE_URL, ORDER_LEASE_MS, the *_RATE_LIMITs, CHECKOUT_INTEGRATION, FORM_ALLOWED_ORIGINS, RECONCILE_INTERVAL_MS (docs/server.md). */
  env?: NodeJS.ProcessEnv;
  /** Another process took the PGlite folder over: the database is closed already (logged by default). */
  onDatabaseLost?: (error: Error) => void;
}

export interface CheckoutBackend {
  /** The three routes as Web handlers: `handlers.sessions(request, { clientAddress })`, or `handlers.route(…)`. */
  handlers: CheckoutHandlers;
  db: Database;
  reconciler: Reconciler;
  /** Stops the schedule and the reconcile socket, then closes the database. */
  close(): Promise<void>;
}

/** The shop's catalog and CHECKOUT_INTEGRATION: which sessions the webhook and reconcile ship. */
export function ownershipFromEnv(env: NodeJS.ProcessEnv, catalog: Catalog = catalogOf(DEMO_PRODUCTS)): Ownership {
  return { integration: integrationFromEnv(env), catalog };
}

/** `ORDER_LEASE_MS`: how long a claim holds (tests shorten it); 30 s by default. */
export function leaseFromEnv(env: NodeJS.ProcessEnv): LeasePolicy {
  if (env.ORDER_LEASE_MS === undefined) return DEFAULT_LEASE;
  const leaseMs = Number(env.ORDER_LEASE_MS);
  if (!(leaseMs > 0)) throw new Error(`ORDER_LEASE_MS must be a number of milliseconds, not ${env.ORDER_LEASE_MS}.`);
  // leaseOf clamps it to what a timer holds (about 24.8 days).
  return leaseOf(leaseMs);
}

export async function openCheckoutBackend(options: BackendOptions): Promise<CheckoutBackend> {
  const { stripe, returnPage, webhookSecret, log, env = process.env, onDatabaseLost, catalog } = options;
  const { allowPromotionCodes, stripeAccount, customerEmail, extraParams } = options;
  // Before the database opens: a bad option stops the start without leaving anything open.
  checkSessionPolicy(options);
  const lease = leaseFromEnv(env);
  const everyMs = reconcileIntervalFromEnv(env);
  const formOrigins = formOriginsFromEnv(env, returnPage);
  const db = await openDatabase(env, { onLost: onDatabaseLost });
  const orders = sqlOrders(db);
  const fulfil = warehouseFulfil({ url: env.WAREHOUSE_URL, log });
  const ours = ownershipFromEnv(env, catalog);
  const handlers = createCheckoutHandlers({
    stripe,
    ...ours,
    allowPromotionCodes,
    stripeAccount,
    customerEmail,
    extraParams,
    returnPage,
    orders,
    sessionRequests: sqlSessionRequests(db),
    fulfil,
    lease,
    rateLimit: limitsFromEnv(env),
    webhookSecret,
    formSubmissions: sqlFormSubmissions(db),
    formOrigins,
  });
  const reconciler = startReconciler({ db, everyMs, reconcile: { stripe, orders, fulfil, lease, ours } });
  const socket = db.ownedDir
    ? await serveReconcile(db.ownedDir, reconciler.run).catch((error: Error) => void console.error(`[orders] npm run reconcile cannot reach this server: ${error.message}`))
    : undefined;
  const close = async () => {
    reconciler.stop();
    await new Promise((resolve) => (socket ? socket.close(resolve) : resolve(undefined)));
    await db.close();
  };
  return { handlers, db, reconciler, close };
}
