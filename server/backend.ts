// The server half assembled from the environment: the orders' database (PGlite under .data/, or
// DATABASE_URL's Postgres), the example's warehouse `fulfil`, the lease and the per-client session
// limit, the three routes over them, and reconcile on a schedule (with, on PGlite, the socket through
// which `npm run reconcile` asks for a run). The standalone server (main.ts) and the host example's
// demo server both run this.
import { readServerConfig, type ServerConfig } from './config';
import { recordBound, type RecordHealth } from './db/boundedRecord';
import { createHealthHandlers, type HealthHandlers } from './http/health';
import { infoCallback, logCallback } from './log/errorFields';
import type { Logger } from './log/logger';
import { checkoutMetrics, measureStripe } from './metrics/checkoutMetrics';
import { countedHandlers } from './metrics/countedHandlers';
import type { Catalog } from './sessions/catalog';
import { checkSessionPolicy, type SessionPolicy } from './sessions/sessionPolicy';
import { openDatabase } from './db/open';
import type { Database } from './db/sql';
import { sqlFormSubmissions } from './form/formSubmissions';
import { sqlLimitStore } from './limits/sqlLimitStore';
import type { Fulfil } from './orders/orders';
import { sqlOrders } from './orders/orderStore';
import { startReconciler, type Reconciler } from './reconcile/reconcileSchedule';
import { serveReconcile } from './reconcile/reconcileSocket';
import { createCheckoutHandlers, type CheckoutHandlers } from './routes';
import { sqlSessionRequests } from './sessions/sessionRequests';
import { warehouseFulfil } from './orders/warehouse';
import { stripeApi, type StripeClient } from './stripeClient';
import type { CustomerOf } from './portal/billingPortal';
import { sqlSubscriptions } from './subscriptions/subscriptionStore';
import type { OnSubscriptionChange } from './subscriptions/subscriptions';

export { leaseFromEnv, ownershipFromEnv } from './config';

/** Besides the environment: your catalog, and what you decide for every session (sessionPolicy.ts). */
export interface BackendOptions extends SessionPolicy {
  /** Your `new Stripe(key)`, any stripe 23.x, imported or required. */
  stripe: StripeClient;
  /** What can be bought (catalogOf(products), checked at start-up); the host example's demo shop by default. */
  catalog?: Catalog;
  /** Where Stripe sends the person back (`?session_id=…` is added). */
  returnPage: string;
  /** STRIPE_WEBHOOK_SECRET; without it the webhook route answers 503. */
  webhookSecret?: string;
  /** Ships a paid order (the webhook's and reconcile's); the example's warehouse (WAREHOUSE_URL) by default. */
  fulfil?: Fulfil;
  /** Where the warehouse `fulfil` says what it shipped (console.log by default; `logger` when given). */
  log?: (line: string) => void;
  /** Where every module logs (your pino, Fastify's `app.log`): the routes, the database, reconcile. The console by default. */
  logger?: Logger;
  /** Read once by config.ts (docs/server/configure.md lists it); every bad value is reported before anything opens. */
  env?: NodeJS.ProcessEnv;
  /** Already read (main.ts reads it first, with the listen address): `env` is not read again. */
  config?: ServerConfig;
  /** Another process took the PGlite folder over: the database is abandoned already, never to be used again (logged by default). */
  onDatabaseLost?: (error: Error) => void;
  /** A subscription started, renewed, failed to pay, changed or ended (docs/server/subscriptions.md). */
  onSubscriptionChange?: OnSubscriptionChange;
  /** The signed-in customer's Stripe id from your own session, for the account page (docs/server/portal.md). */
  customerOf?: CustomerOf;
  /** Where the Customer Portal's return link leads (the page that opened it by default). */
  portalReturnUrl?: string;
}

export interface CheckoutBackend {
  /** The three routes as Web handlers: `handlers.sessions(request, { clientAddress })`, or `handlers.route(…)`. */
  handlers: CheckoutHandlers;
  db: Database;
  reconciler: Reconciler;
  /** The session routes' records given up on the database (stalled, down), counted per record. */
  recordHealth: RecordHealth;
  /** `/healthz` and `/readyz` as Web handlers (mount them, or let the standalone server answer them). */
  health: HealthHandlers;
  /** Stops the schedule and the reconcile socket, then closes the database. */
  close(): Promise<void>;
}

export async function openCheckoutBackend(options: BackendOptions): Promise<CheckoutBackend> {
  const { stripe, returnPage, webhookSecret, env = process.env, onDatabaseLost, catalog, logger } = options;
  const log = options.log ?? (logger && infoCallback(logger));
  const logError = logger ? logCallback(logger) : undefined;
  const { allowPromotionCodes, stripeAccount, customerEmail, extraParams, onSubscriptionChange, customerOf, portalReturnUrl } = options;
  // Before the database opens: a bad option or a bad value stops the start without leaving anything open.
  checkSessionPolicy(options);
  const config = options.config ?? readServerConfig(env, returnPage, catalog);
  const { lease, ours, formOrigins } = config;
  const db = await openDatabase(config.database, {
    onLost: onDatabaseLost,
    // A server (re)started while `npm run reconcile` holds the folder waits for it, bounded and said.
    wait: {
      waitMs: config.database.folderWaitMs,
      purpose: 'server',
      log: (line) => (logger ? logger.warn({ code: 'folder_held' }, line) : console.error(`[orders] ${line}`)),
    },
  });
  const orders = sqlOrders(db);
  const fulfil = options.fulfil ?? warehouseFulfil({ url: config.warehouseUrl, log });
  const bound = recordBound(config.database.recordTimeoutMs, logError);
  const meter = checkoutMetrics();
  meter.observeDegraded(() => bound.health.counts());
  const unmeasure = measureStripe(stripe);
  // On Postgres the per-client buckets are shared by every instance; the embedded database has one process.
  const store = db.kind === 'postgres' ? sqlLimitStore(db, bound) : undefined;
  const subscriptionStore = sqlSubscriptions(db);
  const routes = createCheckoutHandlers({
    stripe,
    ...ours,
    allowPromotionCodes,
    stripeAccount,
    customerEmail,
    extraParams,
    returnPage,
    orders,
    sessionRequests: sqlSessionRequests(db, Date.now, bound),
    fulfil,
    lease,
    rateLimit: { ...config.limits, store },
    webhookSecret,
    formSubmissions: sqlFormSubmissions(db, undefined, Date.now, bound),
    formOrigins,
    ...(logError ? { log: logError } : {}),
    onSubscriptionChange,
    subscriptionStore,
    customerOf,
    portalReturnUrl,
  });
  const handlers = countedHandlers(routes, meter);
  const subscriptions = onSubscriptionChange
    ? { stripe: stripeApi(stripe), store: subscriptionStore, onSubscriptionChange, integration: ours.integration, stripeAccount, lease }
    : undefined;
  const reconciler = startReconciler({
    db,
    everyMs: config.reconcileEveryMs,
    reconcile: { stripe: stripeApi(stripe), orders, fulfil, lease, ours, stripeAccount, subscriptions },
    // Each scheduled run says how it went in one line: counted by what it says.
    log: (line, error) => {
      meter.countReconcile(error !== undefined ? 'failed' : line.includes('skipped') ? 'busy' : 'ran');
      if (!logger) return error === undefined ? console.log(line) : console.error(line, error);
      if (error === undefined) logger.info({ code: 'reconcile' }, line);
      else logCallback(logger)(line, error);
    },
  });
  const socket = db.ownedDir
    ? await serveReconcile(db.ownedDir, (days) => reconciler.run(days)).catch(
        (error: Error) => void (logError ?? console.error)('npm run reconcile cannot reach this server.', error),
      )
    : undefined;
  const health = createHealthHandlers({ db, timeoutMs: config.database.recordTimeoutMs, logger });
  const close = async () => {
    unmeasure();
    await reconciler.stop();
    await new Promise((resolve) => (socket ? socket.close(resolve) : resolve(undefined)));
    await db.close();
  };
  return { handlers, db, reconciler, recordHealth: bound.health, health, close };
}
