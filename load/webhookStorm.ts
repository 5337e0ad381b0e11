// The webhook storm: `events` paid Checkout Sessions, a third of them delivered twice, to two server
// instances on one Postgres, with Stripe's behaviour on failure (any non-2xx or no answer: deliver
// again later). Midway one instance is killed with SIGKILL and restarted. It ends when every delivery
// got its 2xx; what the warehouse received then says whether each order shipped exactly once.
import type Stripe from 'stripe';
import { DEFAULT_INTEGRATION, ourMetadata } from '../server/orders/ourSession';
import { CHECKOUT_PATHS } from '../server/routes';
import { checkoutEvent, deliverSigned } from '../stand-ins/webhookEvents';
import type { Child } from './processes';
import type { Sample } from './stats';

export interface StormOptions {
  stripe: Stripe;
  secret: string;
  startInstance: () => Promise<Child>;
  events?: number;
  concurrency?: number;
  /** Stripe's retry, shortened: a refused delivery comes back after this. */
  retryMs?: number;
  log?: (line: string) => void;
}

export interface StormResult {
  sessions: string[];
  deliveries: number;
  attempts: number;
  statuses: Record<string, number>;
  samples: Sample[];
  seconds: number;
  killedAtSecond: number;
  restartedAtSecond: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function webhookStorm({
  stripe,
  secret,
  startInstance,
  events = 2000,
  concurrency = 32,
  retryMs = 250,
  log = () => {},
}: StormOptions): Promise<StormResult> {
  const sessions: string[] = [];
  const payloads: string[] = [];
  for (let i = 0; i < events; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, events - i) }, () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: 'price_1', quantity: 1 }],
          success_url: 'https://shop.example/',
          metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
        }),
      ),
    );
    for (const session of batch) {
      sessions.push(session.id);
      payloads.push(checkoutEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' }));
    }
  }
  // Every session once, in order; every third one again, a little later (often while the first runs).
  const order = payloads.map((payload, i) => ({ payload, at: i }));
  for (let i = 0; i < payloads.length; i += 3) order.push({ payload: payloads[i], at: i + 0.5 + Math.random() * 40 });
  const queue = order.sort((a, b) => a.at - b.at).map((delivery) => delivery.payload);
  const deliveries = queue.length;
  log(`  ${events} sessions, ${deliveries} deliveries`);

  const live: Child[] = [await startInstance(), await startInstance()];
  const statuses: Record<string, number> = {};
  const samples: Sample[] = [];
  let acknowledged = 0;
  let attempts = 0;
  let killedAt = NaN;
  let restartedAt = NaN;
  const began = Date.now();

  const killAndRestart = async () => {
    const victim = live.shift()!;
    killedAt = Date.now() - began;
    await victim.stop('SIGKILL');
    log(`  SIGKILL one instance at ${(killedAt / 1000).toFixed(1)} s (${acknowledged}/${deliveries} acknowledged)`);
    live.push(await startInstance());
    restartedAt = Date.now() - began;
    log(`  restarted at ${(restartedAt / 1000).toFixed(1)} s`);
  };
  // Started once by whichever worker sees half the deliveries acknowledged; awaited after the storm.
  let killing: Promise<void> = Promise.resolve();
  let killStarted = false;

  async function worker(id: number) {
    while (acknowledged < deliveries) {
      const payload = queue.shift();
      if (!payload) {
        await sleep(20);
        continue;
      }
      const target = live[(attempts + id) % live.length];
      attempts += 1;
      const sent = Date.now();
      const status = await deliverSigned(`${target.url}${CHECKOUT_PATHS.webhook}`, payload, secret).then(
        async (res) => (await res.arrayBuffer(), String(res.status)),
        () => 'no answer',
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
      samples.push({ at: sent - began, latencyMs: Date.now() - sent });
      if (status.startsWith('2')) acknowledged += 1;
      else void sleep(retryMs).then(() => queue.push(payload));
      if (!killStarted && acknowledged >= deliveries / 2) {
        killStarted = true;
        killing = killAndRestart();
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  await killing;
  await Promise.all(live.map((child) => child.stop()));
  return {
    sessions,
    deliveries,
    attempts,
    statuses,
    samples,
    seconds: (Date.now() - began) / 1000,
    killedAtSecond: killedAt / 1000,
    restartedAtSecond: restartedAt / 1000,
  };
}
