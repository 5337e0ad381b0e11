// Stripe calls per client: a token bucket per client and per kind of call. Each session and each
// status read is a call against the Stripe account's rate limit, which every real customer shares;
// one client looping on an endpoint must run dry, not the account. Wallet sessions are created before
// anyone clicks (one per page view near a button), so they have a budget of their own: page views
// never cost a person's click. The limiter is asynchronous so its buckets can live in a shared store;
// the one here keeps them in memory, per instance: N instances allow N times the rate (see
// docs/server.md). A bucket refills at `perMinute`, up to `burst`.
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
}

/** `formSessions`: a plain form's submits, on the `sessions` budget in buckets of their own. */
export type LimitKind = 'sessions' | 'walletSessions' | 'status' | 'formSessions';

/** Which budget of ClientLimits each kind spends. */
export const LIMIT_OF_KIND: Readonly<Record<LimitKind, keyof ClientLimits>> = {
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
      if (tokens < 1) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
      buckets.set(key, { tokens: tokens - 1, at: t });
      if (buckets.size > MAX_CLIENTS) forgetFull(t);
      return { ok: true };
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * One call against a client's budget of `kind`. `clientAddress` is the context's (the adapter resolved
 * it); the limiter keys it by clientKey (an IPv6 client by its /64). Asynchronous, so a store shared by
 * every instance (a database) can stand behind the same interface.
 */
export type ClientLimiter = (kind: LimitKind, clientAddress: string) => Promise<Take>;

/** In memory: one bucket set per kind; `false` (or a kind set to false) lets every call through. */
export function clientLimiter(limits: ClientLimits | false, now: () => number = Date.now): ClientLimiter {
  const kinds = {} as Record<LimitKind, ReturnType<typeof tokenBuckets> | null>;
  for (const kind of Object.keys(LIMIT_OF_KIND) as LimitKind[]) {
    const limit = limits && limits[LIMIT_OF_KIND[kind]];
    kinds[kind] = limit ? tokenBuckets(limit, now) : null;
  }
  return async (kind, clientAddress) => kinds[kind]?.take(clientKey(clientAddress || 'unknown')) ?? { ok: true };
}

/** `burst/perMinute` (e.g. `10/10`), `off`, or unset (the default). */
function limitFromEnv(value: string | undefined, fallback: RateLimit | false): RateLimit | false {
  if (value === 'off') return false;
  const [burst, perMinute] = (value ?? '').split('/').map(Number);
  return burst > 0 && perMinute > 0 && Number.isFinite(burst) && Number.isFinite(perMinute) ? { burst, perMinute } : fallback;
}

/** SESSION_RATE_LIMIT, WALLET_SESSION_RATE_LIMIT, STATUS_RATE_LIMIT (TRUST_PROXY is the adapter's: adapters/trustProxy.ts). */
export function limitsFromEnv(env: NodeJS.ProcessEnv): ClientLimits {
  return {
    sessions: limitFromEnv(env.SESSION_RATE_LIMIT, DEFAULT_LIMITS.sessions),
    walletSessions: limitFromEnv(env.WALLET_SESSION_RATE_LIMIT, DEFAULT_LIMITS.walletSessions),
    status: limitFromEnv(env.STATUS_RATE_LIMIT, DEFAULT_LIMITS.status),
  };
}
