// Session creation per client: a token bucket per client address. Each session is a call against
// the Stripe account's rate limit, which every real customer shares; one client looping on the
// endpoint must run dry, not the account. In memory, per instance: N instances allow N times the
// rate (see docs/server.md). A bucket refills at `perMinute`, up to `burst`.
import type { IncomingMessage } from 'node:http';

export interface RateLimit {
  /** Sessions a client may create at once. */
  burst: number;
  /** Sessions a client may create per minute, sustained. */
  perMinute: number;
  /**
   * Your proxy's address for the client: the last X-Forwarded-For entry (the one your proxy added).
   * Only behind a proxy that sets it: otherwise a client chooses its own key.
   */
  trustProxy?: boolean;
}

/** A person clicks a few times; a script looping is refused after ten, then gets one every 6 s. */
export const DEFAULT_SESSION_LIMIT: RateLimit = { burst: 10, perMinute: 10 };

/** Buckets kept before full ones are forgotten (a full bucket is the same as none). */
const MAX_CLIENTS = 100_000;

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export function clientAddress(req: IncomingMessage, trustProxy = false): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for']?.toString().split(',').pop()?.trim() : undefined;
  return forwarded || req.socket.remoteAddress || 'unknown';
}

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
