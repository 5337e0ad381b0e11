// A standalone checkout server: the three routes and /healthz, /readyz on one port, orders in the
// database, the example's warehouse `fulfil`, reconcile every hour, configured by the environment
// (docs/server/configure.md). `checkout-server serve` runs it (cli/serve.ts); run directly
// (`node -r ts-node/register server/main.ts`, the tests' and `npm run load`'s way) it prints one JSON
// line `{ "url": … }` once it listens and logs on stderr. SIGTERM drains within a deadline; losing the
// PGlite folder to another process ends it with exit code 1.
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { boundServerTimeouts, createCheckoutServer } from './adapters/node';
import { openCheckoutBackend } from './backend';
import { readStandaloneConfig, describeConfig } from './cli/standaloneConfig';
import { errorFields } from './log/errorFields';
import { jsonLogger } from './log/jsonLogger';
import type { Logger } from './log/logger';
import { serverRelease } from './release';
import { drainServer } from './adapters/drain';

export { ConfigError } from './config';

/** `STRIPE_API_URL`: a Stripe API stand-in (tests, `npm run load`) instead of api.stripe.com. */
export function stripeFromEnv(env: NodeJS.ProcessEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set.');
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const where = api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {};
  return new Stripe(env.STRIPE_SECRET_KEY, { timeout: 10_000, maxNetworkRetries: api ? 0 : 2, ...where });
}

/** Longer than a load balancer's idle timeout (AWS ALB and GCP: 60 s), so the balancer closes first, never mid-request. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  url: string;
  db: Awaited<ReturnType<typeof openCheckoutBackend>>['db'];
  /** Drains: /readyz 503, new connections refused, in-flight requests given until the deadline, then the database closed. */
  close(): Promise<void>;
}

export async function startCheckoutServer(env: NodeJS.ProcessEnv = process.env, logger?: Logger): Promise<RunningServer> {
  // The whole environment, read once before anything opens: every bad value stops the start, together.
  const config = readStandaloneConfig(env);
  const shutdown = config.shutdown;
  const log = logger ?? jsonLogger(config.logLevel, 2);
  log.info({ code: 'config', config: describeConfig(config, env) }, 'checkout-server configuration');
  const { port, host, trustProxy } = config.server.listen;
  const backend = await openCheckoutBackend({
    stripe: stripeFromEnv(env),
    returnPage: config.returnPage,
    webhookSecret: config.webhookSecret,
    env,
    config: config.server,
    logger: log,
    // Two writers would lose orders: without its database this server is no use, so it goes, loudly.
    onDatabaseLost: (error) => {
      log.error({ ...errorFields(error), code: 'database_lost' }, 'The orders database was lost to another process.');
      process.exit(1);
    },
  });
  const { handlers, db, health } = backend;
  const server = createCheckoutServer(async (request, context) => (await health.route(request)) ?? handlers.route(request, context), {
    trustProxy,
    logger: log,
  });
  boundServerTimeouts(server);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      health.drain();
      await drainServer(server, shutdown, log);
      await backend.close();
    })());
  log.info({ code: 'listening', url, release: serverRelease }, 'checkout-server listening');
  return { url, db, close };
}

/** Stops on SIGTERM or SIGINT (and, for a test's child, when its parent's stdin ends); exits 0 once drained. */
export function stopOnSignals(running: RunningServer, logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      logger.info({ code: 'stopping', signal }, 'Stopping: draining in-flight requests.');
      void running.close().then(
        () => resolve(0),
        (error: unknown) => (logger.error(errorFields(error), 'The server did not stop cleanly.'), resolve(1)),
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    // A child of a test or of the load run: go when the parent does, even if it was killed.
    if (env.EXIT_WITH_STDIN === '1') process.stdin.on('end', () => stop('stdin')).resume();
  });
}

if (require.main === module) {
  const logger = jsonLogger('info', 2);
  startCheckoutServer(process.env).then(
    (running) => {
      process.stdout.write(`${JSON.stringify({ url: running.url, pid: process.pid, release: serverRelease })}\n`);
      void stopOnSignals(running, logger).then((code) => process.exit(code));
    },
    (error: unknown) => {
      logger.error(errorFields(error), error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
