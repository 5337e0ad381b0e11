// Stripe calls per client: a token bucket per client and per kind of call. Each session and each
// status read is a call against the Stripe account's rate limit, which every real customer shares;
// one client looping on an endpoint must run dry, not the account. Wallet sessions are created before
// anyone clicks (one per page view near a button), so they have a budget of their own: page views
// never cost a person's click. A bucket refills at `perMinute`, up to `burst`. The limiter is
// asynchronous so its buckets can live in a shared store, a `LimitStore`: in memory by default (one
// process: the embedded database's case), or in the orders' Postgres (sqlLimitStore.ts), so N
// instances allow the configured rate, not N times it (see docs/server/limits.md).
import { clientKey } from './clientKey';

export interface RateLimit {
  /** Calls a client may make at once. */
  burst: number;
  /** Calls a client may make per minute, sustained. */
  perMinute: number;
}

export interface ClientLimits {
  /** Sessions a click creates (redirect and embedded, and wallets mode's card button). */
  sessions: RateLimit | false;
  /** Wallet sessions, created per page view before anyone clicks, and their renewals. */
  walletSessions: RateLimit | false;
  /** Reads of `GET /api/checkout-session-status`. */
  status: RateLimit | false;
  /** Where the buckets live: this process's memory unless given (sqlLimitStore for instances sharing a Postgres). */
  store?: LimitStore;
}

/** Buckets by kind and client, wherever they are kept. */
export interface LimitStore {
  take(kind: LimitKind, client: string, limit: RateLimit): Promise<Take>;
}

/** `formSessions`: a plain form's submits, on the `sessions` budget in buckets of their own. */
export type LimitKind = 'sessions' | 'walletSessions' | 'status' | 'formSessions';

/** Which budget of ClientLimits each kind spends. */
export const LIMIT_OF_KIND: Readonly<Record<LimitKind, 'sessions' | 'walletSessions' | 'status'>> = {
  sessions: 'sessions',
  walletSessions: 'walletSessions',
  status: 'status',
  formSessions: 'sessions',
};

/**
 * Clicks: a person clicks a few times; a script looping is refused after ten, then gets one every 6 s.
 * Wallet sessions: twenty product pages opened at once, then one every 6 s (a renewal is one an hour).
 * Status: a return page reads it once; a reload loop is refused after twenty, then one every 2 s.
 */
export const DEFAULT_LIMITS: ClientLimits = {
  sessions: { burst: 10, perMinute: 10 },
  walletSessions: { burst: 20, perMinute: 10 },
  status: { burst: 20, perMinute: 30 },
};

/** Buckets kept before full ones are forgotten (a full bucket is the same as none). */
const MAX_CLIENTS = 100_000;

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

/** What a refused take tells the client: whole seconds until a token, at least one. */
export const retryAfterSeconds = (tokens: number, perMinute: number) => Math.max(1, Math.ceil(((1 - tokens) * 60) / perMinute));

export function tokenBuckets({ burst, perMinute }: RateLimit, now: () => number = Date.now) {
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, t: number) => Math.min(burst, bucket.tokens + (t - bucket.at) * perMs);
  function forgetFull(t: number) {
    for (const [key, bucket] of buckets) if (level(bucket, t) >= burst) buckets.delete(key);
    // Still too many (a flood of distinct addresses): the oldest go, and get a fresh bucket if they return.
    for (const key of buckets.keys()) {
      if (buckets.size <= MAX_CLIENTS / 2) break;
      buckets.delete(key);
    }
  }
  return {
    take(key: string): Take {
      const t = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, t) : burst;
      if (tokens < 1) return { ok: false, retryAfterSeconds: retryAfterSeconds(tokens, perMinute) };
      buckets.set(key, { tokens: tokens - 1, at: t });
      if (buckets.size > MAX_CLIENTS) forgetFull(t);
      return { ok: true };
    },
    get size() {
      return buckets.size;
    },
  };
}

/** One bucket set per kind in this process's memory. */
export function memoryLimitStore(now: () => number = Date.now): LimitStore {
  const kinds = new Map<LimitKind, ReturnType<typeof tokenBuckets>>();
  return {
    async take(kind, client, limit) {
      let buckets = kinds.get(kind);
      if (!buckets) kinds.set(kind, (buckets = tokenBuckets(limit, now)));
      return buckets.take(client);
    },
  };
}

/**
 * One call against a client's budget of `kind`. `clientAddress` is the context's (the adapter resolved
 * it); the limiter keys it by clientKey (an IPv6 client by its /64).
 */
export type ClientLimiter = (kind: LimitKind, clientAddress: string) => Promise<Take>;

/** Over `limits.store` (memory by default); `false` (or a kind set to false) lets every call through. */
export function clientLimiter(limits: ClientLimits | false, now: () => number = Date.now): ClientLimiter {
  const store = (limits && limits.store) || memoryLimitStore(now);
  return async (kind, clientAddress) => {
    const limit = limits && limits[LIMIT_OF_KIND[kind]];
    return limit ? store.take(kind, clientKey(clientAddress || 'unknown'), limit) : { ok: true };
  };
}

/** `burst/perMinute` (e.g. `10/10`), `off`, or unset (the default); anything else is refused. */
function limitFromEnv(name: string, value: string | undefined, fallback: RateLimit | false): RateLimit | false {
  if (value === undefined) return fallback;
  if (value === 'off') return false;
  const [burst, perMinute, extra] = value.split('/').map(Number);
  if (burst > 0 && perMinute > 0 && Number.isFinite(burst) && Number.isFinite(perMinute) && extra === undefined)
    return { burst, perMinute };
  throw new Error(`${name} must be burst/perMinute (e.g. 10/10) or off, not ${value}.`);
}

/**
 * SESSION_RATE_LIMIT, WALLET_SESSION_RATE_LIMIT, STATUS_RATE_LIMIT (TRUST_PROXY is the adapter's:
 * adapters/trustProxy.ts). Throws every bad value at once, one a line.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv): ClientLimits {
  const problems: string[] = [];
  const read = (name: string, fallback: RateLimit | false) => {
    try {
      return limitFromEnv(name, env[name], fallback);
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };
  const limits = {
    sessions: read('SESSION_RATE_LIMIT', DEFAULT_LIMITS.sessions),
    walletSessions: read('WALLET_SESSION_RATE_LIMIT', DEFAULT_LIMITS.walletSessions),
    status: read('STATUS_RATE_LIMIT', DEFAULT_LIMITS.status),
  };
  if (problems.length) throw new Error(problems.join('\n'));
  return limits;
}
