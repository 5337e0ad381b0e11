// The server half's configuration, read from the environment once, at start-up: every bad value is
// reported then, all at once (one start-up, one list to fix), never at the first request that needs it.
// Each part keeps its own reader beside the code it configures; this gathers them.
import { catalogOf, DEMO_PRODUCTS } from './sessions/catalog';
import { databaseFromEnv, type DatabaseConfig } from './db/open';
import { formOriginsFromEnv } from './form/formOrigin';
import { limitsFromEnv, type ClientLimits } from './limits/rateLimit';
import { DEFAULT_LEASE, leaseOf, type LeasePolicy } from './orders/fulfilment';
import { integrationFromEnv, type Ownership } from './orders/ourSession';
import { reconcileIntervalFromEnv } from './reconcile/reconcileSchedule';

export interface ServerConfig {
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

/** The shop's catalog and CHECKOUT_INTEGRATION: which sessions the webhook and reconcile ship. */
export function ownershipFromEnv(env: NodeJS.ProcessEnv): Ownership {
  return { integration: integrationFromEnv(env), catalog: catalogOf(DEMO_PRODUCTS) };
}

function warehouseFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.WAREHOUSE_URL;
  if (!url) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`WAREHOUSE_URL must be an http(s) URL, not ${url}.`);
  return url;
}

/** Reads everything; throws one ConfigError naming every bad value. `returnPage`: the form's default origin. */
export function readServerConfig(env: NodeJS.ProcessEnv, returnPage: string): ServerConfig {
  const problems: string[] = [];
  const read = <T>(reader: () => T): T => {
    try {
      return reader();
    } catch (error) {
      problems.push(...(error as Error).message.split('\n')); // a reader of several values lists one a line
      return undefined as T;
    }
  };
  const config: ServerConfig = {
    database: read(() => databaseFromEnv(env)),
    lease: read(() => leaseFromEnv(env)),
    limits: read(() => limitsFromEnv(env)),
    reconcileEveryMs: read(() => reconcileIntervalFromEnv(env)),
    formOrigins: read(() => formOriginsFromEnv(env, returnPage)),
    ours: read(() => ownershipFromEnv(env)),
    warehouseUrl: read(() => warehouseFromEnv(env)),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
