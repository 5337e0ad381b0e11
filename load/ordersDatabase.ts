// The orders' Postgres under two instances: (1) one client's session limit across both (it must hold
// the configured rate in all, not twice it), and (2) session creation while the database stalls (a
// proxy in front of it stops answering): every request still gets its session, within the records'
// bound plus Stripe's time.
import { CHECKOUT_PATHS } from '../server/routes';
import type { Child } from './processes';
import type { Probe } from './sessionRate';
import { percentile } from './stats';
import type { StallingProxy } from './stallingProxy';

export interface SharedLimitRun {
  limit: string;
  seconds: number;
  sent: number;
  allowed: number;
  refused: number;
  /** burst + perMinute × minutes: what the configured limit allows one client in the run. */
  configured: number;
  /** What two instances with a bucket each would have allowed. */
  perInstance: number;
  retryAfter: string | null;
}

/** One client (one address) sending `perSecond` session requests, alternating between the instances. */
export async function sharedLimit(
  instances: Child[],
  { burst, perMinute, seconds, perSecond }: { burst: number; perMinute: number; seconds: number; perSecond: number },
): Promise<SharedLimitRun> {
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  const began = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < seconds * perSecond; i++) {
    const due = began + (i * 1000) / perSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    sends.push(
      fetch(`${instances[i % instances.length].url}${CHECKOUT_PATHS.sessions}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `shared-limit-${Date.now()}-${i}` },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      }).then(async (res) => {
        statuses.push(res.status);
        if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
        await res.arrayBuffer();
      }),
    );
  }
  await Promise.all(sends);
  const configured = Math.floor(burst + (perMinute * seconds) / 60);
  return {
    limit: `${burst}/${perMinute}`,
    seconds,
    sent: statuses.length,
    allowed: statuses.filter((s) => s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
    configured,
    perInstance: instances.length * configured,
    retryAfter,
  };
}

export interface LatencyRun {
  rate: number;
  seconds: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

const latencies = async (probe: Probe, rate: number, seconds: number): Promise<LatencyRun> => {
  const run = await probe(rate, seconds);
  const values = run.samples.map((s) => s.latencyMs);
  return {
    rate,
    seconds,
    requests: values.length,
    errors: run.errors,
    p50: Math.round(percentile(values, 50)),
    p99: Math.round(percentile(values, 99)),
    max: Math.round(Math.max(...values)),
  };
};

/** Session creation at `rate` with the database answering, then with it stalled. */
export async function stalledDatabase(probe: Probe, proxy: StallingProxy, { rate, seconds }: { rate: number; seconds: number }) {
  const healthy = await latencies(probe, rate, seconds);
  proxy.stall();
  try {
    const stalled = await latencies(probe, rate, seconds);
    return { healthy, stalled };
  } finally {
    proxy.resume();
  }
}
