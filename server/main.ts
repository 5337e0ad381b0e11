// A standalone checkout server: the three routes on one port, orders in the database, the example's
// warehouse `fulfil`, reconcile every hour. `node -r ts-node/register server/main.ts`, configured by the
// environment (docs/server/configure.md lists it). Prints one JSON line `{ "url": … }` once it listens; SIGTERM
// stops it; losing the PGlite folder to another process ends it with exit code 1.
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createCheckoutServer } from './adapters/node';
import { openCheckoutBackend } from './backend';
import { readServerConfig } from './config';
import { serverRelease } from './release';

/** `STRIPE_API_URL`: a Stripe API stand-in (tests, `npm run load`) instead of api.stripe.com. */
export function stripeFromEnv(env: NodeJS.ProcessEnv): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set.');
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const where = api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {};
  return new Stripe(env.STRIPE_SECRET_KEY, { timeout: 10_000, maxNetworkRetries: api ? 0 : 2, ...where });
}

export async function startCheckoutServer(env: NodeJS.ProcessEnv = process.env) {
  // The whole environment, read once before anything opens: every bad value stops the start, together.
  const returnPage = env.RETURN_PAGE ?? 'http://localhost:3000/';
  const config = readServerConfig(env, returnPage);
  const { port, host, trustProxy } = config.listen;
  const backend = await openCheckoutBackend({
    stripe: stripeFromEnv(env),
    returnPage,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    env,
    config,
    // Two writers would lose orders: without its database this server is no use, so it goes, loudly.
    onDatabaseLost: (error) => {
      console.error(`[orders] ${error.message}`);
      process.exit(1);
    },
  });
  const { handlers, db } = backend;
  const server = createCheckoutServer(handlers, { trustProxy });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    await backend.close();
  };
  return { url, db, close };
}

if (require.main === module) {
  startCheckoutServer().then(
    ({ url, close }) => {
      const stop = () => void close().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      // A child of a test or of the load run: go when the parent does, even if it was killed.
      if (process.env.EXIT_WITH_STDIN === '1') process.stdin.on('end', stop).resume();
      process.stdout.write(`${JSON.stringify({ url, pid: process.pid, release: serverRelease })}\n`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
