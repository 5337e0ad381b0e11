// What the standalone server reads besides the backend's configuration: the Stripe key (its kind
// checked), the return page and the webhook secret (both required in production, webhooks unless
// switched off), the log level. Read with the rest, so every bad value is reported at once; and the
// resolved configuration as one log line's fields, secrets redacted.
import { ConfigError, readServerConfig, type ServerConfig } from '../config';
import { shutdownFromEnv, type ShutdownPolicy } from '../adapters/drain';
import { logLevelFromEnv } from '../log/jsonLogger';
import type { LogLevel } from '../log/logger';

export const LOCAL_RETURN_PAGE = 'http://localhost:3000/';

export interface StandaloneConfig {
  server: ServerConfig;
  returnPage: string;
  secretKey: string;
  /** Undefined: the webhook answers 503 (allowed outside production, or with STRIPE_WEBHOOKS=off). */
  webhookSecret?: string;
  logLevel: LogLevel;
  production: boolean;
  /** SHUTDOWN_DELAY_MS, SHUTDOWN_DEADLINE_MS: the drain on SIGTERM. */
  shutdown: ShutdownPolicy;
}

/** A secret (`sk_`) or restricted (`rk_`) key; a publishable key or anything else is named, never echoed. */
function keyProblem(key: string | undefined): string | null {
  if (!key) return 'STRIPE_SECRET_KEY is not set.';
  if (/^(sk|rk)_(test|live)_\S+$/.test(key)) return null;
  if (/^pk_/.test(key)) return 'STRIPE_SECRET_KEY holds a publishable key (pk_…): give the secret key (sk_…) or a restricted key (rk_…).';
  return 'STRIPE_SECRET_KEY is not a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_…).';
}

export function readStandaloneConfig(env: NodeJS.ProcessEnv): StandaloneConfig {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  const key = keyProblem(env.STRIPE_SECRET_KEY);
  if (key) problems.push(key);
  if (production && !env.RETURN_PAGE)
    problems.push('RETURN_PAGE is required when NODE_ENV=production: the page Stripe sends the customer back to.');
  const webhooksOff = env.STRIPE_WEBHOOKS?.trim().toLowerCase() === 'off';
  if (env.STRIPE_WEBHOOKS !== undefined && !webhooksOff) problems.push(`STRIPE_WEBHOOKS takes only off, not ${env.STRIPE_WEBHOOKS}.`);
  if (production && !env.STRIPE_WEBHOOK_SECRET && !webhooksOff)
    problems.push('STRIPE_WEBHOOK_SECRET is required when NODE_ENV=production (or STRIPE_WEBHOOKS=off: no order is fulfilled by webhook).');
  if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_'))
    problems.push('STRIPE_WEBHOOK_SECRET is not a signing secret (whsec_…).');
  const returnPage = env.RETURN_PAGE ?? LOCAL_RETURN_PAGE;
  let logLevel: LogLevel = 'info';
  try {
    logLevel = logLevelFromEnv(env);
  } catch (error) {
    problems.push((error as Error).message);
  }
  let shutdown: ShutdownPolicy | undefined;
  try {
    shutdown = shutdownFromEnv(env);
  } catch (error) {
    problems.push(...(error as Error).message.split('\n'));
  }
  let server: ServerConfig | undefined;
  try {
    server = readServerConfig(env, returnPage);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length || !server || !shutdown) throw new ConfigError(problems);
  const webhookSecret = webhooksOff ? undefined : env.STRIPE_WEBHOOK_SECRET;
  return { server, returnPage, secretKey: env.STRIPE_SECRET_KEY!, webhookSecret, logLevel, production, shutdown };
}

const redactKey = (key: string) => `${key.slice(0, key.indexOf('_', 3) + 1)}…`;
const redactUrl = (url: string | undefined) => {
  if (!url || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = 'redacted';
  return parsed.toString();
};

/** The configuration as one log line's fields: kinds of keys, never the keys; URLs without passwords. */
export function describeConfig(config: StandaloneConfig, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const { server } = config;
  return {
    production: config.production,
    stripeKey: redactKey(config.secretKey),
    stripeApi: env.STRIPE_API_URL ?? 'api.stripe.com',
    webhooks: config.webhookSecret ? 'verified' : 'off (503)',
    returnPage: config.returnPage,
    listen: { host: server.listen.host, port: server.listen.port, trustProxy: server.listen.trustProxy },
    database: redactUrl(server.database.url) ?? 'embedded (PGlite)',
    warehouseUrl: redactUrl(server.warehouseUrl) ?? 'none (orders are logged)',
    limits: server.limits,
    reconcileEveryMs: server.reconcileEveryMs,
    formOrigins: server.formOrigins,
    integration: server.ours.integration,
    logLevel: config.logLevel,
    shutdown: config.shutdown,
  };
}
