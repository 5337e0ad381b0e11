// The server half's configuration, read from the environment once, at start-up: every bad value is
// reported then, all at once (one start-up, one list to fix), never at the first request that needs it.
// Each part keeps its own reader beside the code it configures; this gathers them.
import { trustProxyFromEnv, type TrustProxy } from './adapters/trustProxy';
import { catalogOf, DEMO_PRODUCTS, type Catalog } from './sessions/catalog';
import { databaseFromEnv, type DatabaseConfig } from './db/open';
import { formOriginsFromEnv } from './form/formOrigin';
import { limitsFromEnv, type ClientLimits } from './limits/rateLimit';
import { DEFAULT_LEASE, leaseOf, type LeasePolicy } from './orders/fulfilment';
import { integrationFromEnv, untaggedBeforeFromEnv, type Ownership } from './orders/ourSession';
import { reconcileIntervalFromEnv } from './reconcile/reconcileSchedule';

/** Where the standalone server listens, and whom it believes about the client's address (the Node adapter's). */
export interface ListenConfig {
  port: number;
  host: string;
  trustProxy: TrustProxy;
}

export interface ServerConfig {
  listen: ListenConfig;
  database: DatabaseConfig;
  lease: LeasePolicy;
  limits: ClientLimits;
  /** false: no schedule (`RECONCILE_INTERVAL_MS=off`). */
  reconcileEveryMs: number | false;
  formOrigins: string[];
  ours: Ownership;
  /** WAREHOUSE_URL: where the example's `fulfil` posts each order (console.log without it). */
  warehouseUrl?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's environment has ${problems.length} bad value${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
  }
}

/** `ORDER_LEASE_MS`: how long a claim holds (tests shorten it); 30 s by default. */
export function leaseFromEnv(env: NodeJS.ProcessEnv): LeasePolicy {
  if (env.ORDER_LEASE_MS === undefined) return DEFAULT_LEASE;
  const leaseMs = Number(env.ORDER_LEASE_MS);
  if (!(leaseMs > 0)) throw new Error(`ORDER_LEASE_MS must be a number of milliseconds, not ${env.ORDER_LEASE_MS}.`);
  // leaseOf clamps it to what a timer holds (about 24.8 days).
  return leaseOf(leaseMs);
}

/** The shop's catalog, CHECKOUT_INTEGRATION and CHECKOUT_UNTAGGED_BEFORE: which sessions the webhook and reconcile ship. */
export function ownershipFromEnv(env: NodeJS.ProcessEnv, catalog: Catalog = catalogOf(DEMO_PRODUCTS)): Ownership {
  return { integration: integrationFromEnv(env), catalog, untaggedBefore: untaggedBeforeFromEnv(env) };
}

/** PORT (0: any free one), HOST, TRUST_PROXY (adapters/trustProxy.ts). */
export function listenFromEnv(env: NodeJS.ProcessEnv): ListenConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) problems.push(`PORT must be a port number (0 to 65535), not ${env.PORT}.`);
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = trustProxyFromEnv(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return { port, host: env.HOST ?? '127.0.0.1', trustProxy };
}

function warehouseFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.WAREHOUSE_URL;
  if (!url) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`WAREHOUSE_URL must be an http(s) URL, not ${url}.`);
  return url;
}

/**
 * Reads everything; throws one ConfigError naming every bad value. `returnPage`: the form's default
 * origin; `catalog`: the shop's (the demo's by default). `listen` (PORT, HOST, TRUST_PROXY) is for the
 * standalone server's Node adapter (main.ts); a server of your own mounts the handlers its own way.
 */
export function readServerConfig(env: NodeJS.ProcessEnv, returnPage: string, catalog?: Catalog): ServerConfig {
  const problems: string[] = [];
  if (!URL.canParse(returnPage)) problems.push(`RETURN_PAGE must be a URL, not ${returnPage}.`);
  const read = <T>(reader: () => T): T => {
    try {
      return reader();
    } catch (error) {
      problems.push(...(error as Error).message.split('\n')); // a reader of several values lists one a line
      return undefined as T;
    }
  };
  const config: ServerConfig = {
    listen: read(() => listenFromEnv(env)),
    database: read(() => databaseFromEnv(env)),
    lease: read(() => leaseFromEnv(env)),
    limits: read(() => limitsFromEnv(env)),
    reconcileEveryMs: read(() => reconcileIntervalFromEnv(env)),
    formOrigins: URL.canParse(returnPage) ? read(() => formOriginsFromEnv(env, returnPage)) : [],
    ours: read(() => ownershipFromEnv(env, catalog)),
    warehouseUrl: read(() => warehouseFromEnv(env)),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
