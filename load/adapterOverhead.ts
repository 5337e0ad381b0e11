// What the Web-standard core and its Node adapter cost against today's way, in one run: the same
// session creations and webhook deliveries at fixed rates, against `server/main.ts` as it is (Node's
// request made a Web `Request`, the `Response` written back, the webhook verified with Web Crypto)
// and against the server half as it was at BASELINE_COMMIT (handlers on node:http directly, the
// webhook verified with node:crypto), taken out of git into .tmp. Rounds alternate the two, so a
// machine that gets busier midway weighs on both alike.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { DEFAULT_INTEGRATION, ourMetadata } from '../server/orders/ourSession';
import { CHECKOUT_PATHS } from '../server/routes';
import { checkoutEvent } from '../stand-ins/webhookEvents';
import { startChild } from './processes';
import { sessionProbe } from './sessionRate';
import { percentile, type Sample } from './stats';

/** The last commit whose handlers took node:http's request and response. */
export const BASELINE_COMMIT = '4fa9aca';

const ROOT = path.resolve(__dirname, '..');
const BASELINE_DIR = path.join(ROOT, '.tmp/load/baseline');

export type Variant = 'adapter' | 'direct';

export interface RouteFigures {
  rate: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

export interface OverheadResult {
  baseline: string;
  rounds: number;
  seconds: number;
  sessions: Record<Variant, RouteFigures>;
  webhook: Record<Variant, RouteFigures>;
}

/** Whether this clone has BASELINE_COMMIT (a shallow one may not). */
export function hasBaseline(): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${BASELINE_COMMIT}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The server half at BASELINE_COMMIT, with the src/ files it imports, as plain files under .tmp. */
function extractBaseline(): string {
  const main = path.join(BASELINE_DIR, 'server/main.ts');
  if (existsSync(main)) return path.relative(ROOT, main);
  rmSync(BASELINE_DIR, { recursive: true, force: true });
  mkdirSync(BASELINE_DIR, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', BASELINE_COMMIT, 'server', 'src'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', BASELINE_DIR], { input: archive });
  return path.relative(ROOT, main);
}

/** Signed deliveries of one paid session's event at a fixed rate: the first ships it, the rest find it shipped. */
function webhookProbe(serverUrl: string, payload: string, secret: string) {
  const signer = new Stripe('sk_test_loadSigner');
  return (rate: number, seconds: number) =>
    new Promise<{ samples: Sample[]; errors: number; requests: number }>((resolve, reject) => {
      const samples: Sample[] = [];
      const began = Date.now();
      const instance = autocannon(
        {
          url: `${serverUrl}${CHECKOUT_PATHS.webhook}`,
          connections: Math.min(100, Math.max(4, Math.ceil(rate / 20))),
          overallRate: rate,
          duration: seconds,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                body: payload,
                headers: {
                  ...req.headers,
                  'content-type': 'application/json',
                  'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
                },
              }),
            },
          ],
        },
        (error, result) =>
          error
            ? reject(error instanceof Error ? error : new Error(String(error)))
            : resolve({ samples, errors: result.errors + result.non2xx + result.timeouts, requests: result.requests.total }),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) =>
        samples.push({ at: Date.now() - began, latencyMs: responseTime }),
      );
    });
}

const figures = (rate: number, samples: Sample[], errors: number): RouteFigures => {
  const latencies = samples.map((s) => s.latencyMs);
  return {
    rate,
    requests: samples.length,
    errors,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
  };
};

export async function adapterOverhead(options: {
  serverEnv: Record<string, string>;
  stripe: Stripe;
  secret: string;
  sessionRate: number;
  webhookRate: number;
  seconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<OverheadResult> {
  const { serverEnv, stripe, secret, sessionRate, webhookRate, seconds, rounds, log } = options;
  const scripts: Record<Variant, string> = { adapter: 'server/main.ts', direct: extractBaseline() };
  const collected = {
    sessions: { adapter: { samples: [] as Sample[], errors: 0 }, direct: { samples: [] as Sample[], errors: 0 } },
    webhook: { adapter: { samples: [] as Sample[], errors: 0 }, direct: { samples: [] as Sample[], errors: 0 } },
  };
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so neither always follows the other's garbage.
    const order: Variant[] = round % 2 === 0 ? ['adapter', 'direct'] : ['direct', 'adapter'];
    for (const variant of order) {
      const server = await startChild(scripts[variant], { ...serverEnv, DATABASE_URL: 'memory://', TRUST_PROXY: '1' });
      try {
        const sessions = sessionProbe(server.url);
        await sessions(20, 2); // warm-up: compile, connect
        const run = await sessions(sessionRate, seconds);
        collected.sessions[variant].samples.push(...run.samples);
        collected.sessions[variant].errors += run.errors;
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: 'price_1', quantity: 1 }],
          success_url: 'https://shop.example/',
          metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
        });
        const payload = checkoutEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' });
        const webhook = webhookProbe(server.url, payload, secret);
        await webhook(20, 2);
        const delivered = await webhook(webhookRate, seconds);
        collected.webhook[variant].samples.push(...delivered.samples);
        collected.webhook[variant].errors += delivered.errors;
        log(
          `  round ${round + 1} ${variant.padEnd(7)} sessions p99 ${run.p99} ms (${run.errors} errors); webhook p99 ${percentile(
            delivered.samples.map((s) => s.latencyMs),
            99,
          )} ms (${delivered.errors} errors)`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const per = (route: 'sessions' | 'webhook', rate: number) =>
    Object.fromEntries(
      (['adapter', 'direct'] as const).map((v) => [v, figures(rate, collected[route][v].samples, collected[route][v].errors)]),
    ) as Record<Variant, RouteFigures>;
  return { baseline: BASELINE_COMMIT, rounds, seconds, sessions: per('sessions', sessionRate), webhook: per('webhook', webhookRate) };
}
