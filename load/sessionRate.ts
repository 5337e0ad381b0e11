// The highest rate session creation sustains: short probes double the rate until one fails (p99 at
// or over 100 ms, or any error), bisect between the last pass and that failure, then the best is held
// for the full duration, 10 % lower each time it does not hold (five times at most). Each request comes from another
// client (X-Forwarded-For, to a server that trusts its proxy), so the per-client limit never answers:
// this measures the server, not the limit.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { CHECKOUT_PATHS } from '../server/routes';
import type { Sample } from './stats';

export interface RateRun {
  rate: number;
  seconds: number;
  rps: number;
  p99: number;
  errors: number;
  samples: Sample[];
}

export type Probe = (rate: number, seconds: number) => Promise<RateRun>;

export const MAX_P99_MS = 100;
export const holds = (run: RateRun) => run.errors === 0 && run.p99 < MAX_P99_MS;

export async function highestRate(probe: Probe, { start = 50, probeSeconds = 5, holdSeconds = 30, log = (_: string) => {} } = {}) {
  const tried: RateRun[] = [];
  const attempt = async (rate: number, seconds: number) => {
    const run = await probe(Math.max(1, Math.round(rate)), seconds);
    tried.push(run);
    log(
      `  ${run.rate} req/s for ${seconds} s: ${run.rps.toFixed(0)} req/s, p99 ${run.p99} ms, ${run.errors} errors${holds(run) ? '' : '  (fails)'}`,
    );
    return holds(run);
  };
  let low = 0;
  let high = start;
  while (await attempt(high, probeSeconds)) [low, high] = [high, high * 2];
  while (low === 0 && high > 1) if (await attempt((high = high / 2), probeSeconds)) [low, high] = [high, high * 2];
  while (low > 0 && high - low > low * 0.1) {
    const middle = (low + high) / 2;
    if (await attempt(middle, probeSeconds)) low = middle;
    else high = middle;
  }
  // At most five holds: a machine too busy to hold any rate says so instead of running for ever.
  for (let rate = low, holdsTried = 0; rate >= 1 && holdsTried < 5; rate *= 0.9, holdsTried++) {
    if (await attempt(rate, holdSeconds)) return { best: tried[tried.length - 1], tried };
  }
  return { best: null, tried };
}

/** One autocannon run against the session route at a fixed overall rate. */
export function sessionProbe(serverUrl: string): Probe {
  let client = 0;
  const body = JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' });
  return (rate, seconds) =>
    new Promise((resolve, reject) => {
      const samples: Sample[] = [];
      const began = Date.now();
      const instance = autocannon(
        {
          url: `${serverUrl}${CHECKOUT_PATHS.sessions}`,
          connections: Math.min(200, Math.max(4, Math.ceil(rate / 20))),
          overallRate: rate,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => {
                client += 1;
                const ip = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
                return {
                  ...req,
                  body,
                  headers: { ...req.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-forwarded-for': ip },
                };
              },
            },
          ],
        },
        (error, result) => {
          if (error) return reject(error instanceof Error ? error : new Error(String(error)));
          resolve({
            rate,
            seconds,
            rps: result.requests.average,
            p99: result.latency.p99,
            errors: result.errors + result.non2xx + result.timeouts,
            samples,
          });
        },
      );
      instance.on('response', (_client, _status, _bytes, responseTime) =>
        samples.push({ at: Date.now() - began, latencyMs: responseTime }),
      );
    });
}
