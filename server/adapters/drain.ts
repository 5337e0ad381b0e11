// A bounded drain for Node's server. On SIGTERM an orchestrator has already begun to take the
// instance out (its /readyz answers 503 from now on); the server keeps serving for SHUTDOWN_DELAY_MS
// so a load balancer that probes every few seconds notices, then stops taking connections and gives
// the requests in flight until SHUTDOWN_DEADLINE_MS, then cuts what is left. A session in flight may
// wait on Stripe for three attempts of 10 s: the default deadline leaves it that, and a margin.
import type { Server } from 'node:http';
import { MAX_TIMER_MS } from '../../src/core/bounds';
import type { Logger } from '../log/logger';

export interface ShutdownPolicy {
  delayMs: number;
  deadlineMs: number;
}

export const DEFAULT_SHUTDOWN: ShutdownPolicy = { delayMs: 0, deadlineMs: 35_000 };

/** SHUTDOWN_DELAY_MS (0) and SHUTDOWN_DEADLINE_MS (35000); throws naming each bad one. */
export function shutdownFromEnv(env: NodeJS.ProcessEnv): ShutdownPolicy {
  const problems: string[] = [];
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined) return fallback;
    const ms = Number(raw);
    if (!(ms >= 0) || raw.trim() === '') problems.push(`${name} must be a number of milliseconds, not ${raw}.`);
    return Math.min(ms, MAX_TIMER_MS);
  };
  const policy = {
    delayMs: read('SHUTDOWN_DELAY_MS', DEFAULT_SHUTDOWN.delayMs),
    deadlineMs: read('SHUTDOWN_DEADLINE_MS', DEFAULT_SHUTDOWN.deadlineMs),
  };
  if (problems.length) throw new Error(problems.join('\n'));
  return policy;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Resolves once every request has ended, or at the deadline with what was left cut. */
export async function drainServer(server: Server, { delayMs, deadlineMs }: ShutdownPolicy, logger: Logger): Promise<void> {
  if (delayMs > 0) await wait(delayMs);
  const started = performance.now();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  const outcome = await Promise.race([closed.then(() => 'drained' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    logger.warn({ code: 'drain_deadline', deadlineMs }, 'Requests still in flight at the shutdown deadline were cut.');
    server.closeAllConnections();
    await closed;
  } else logger.info({ code: 'drained', ms: Math.round(performance.now() - started) }, 'Every request in flight ended.');
}
