// Which mode the example runs in, from the environment (or host-example/.env).
// The secret key stays in this process: only `publicConfig` goes to the browser.
import { existsSync } from 'node:fs';
import path from 'node:path';

export type ExampleMode = 'stripe' | 'demo';

export interface ExampleConfig {
  mode: ExampleMode;
  publishableKey?: string;
  /** Server only. Never serialize the config as a whole. */
  secretKey?: string;
  /** Why a half-done configuration stayed in demo mode, for the terminal and the page. */
  notice?: string;
}

/** What the browser may know: GET /api/config. */
export interface PublicConfig {
  mode: ExampleMode;
  publishableKey: string | null;
  notice: string | null;
}

export const ENV_FILE = path.resolve(__dirname, '..', '.env');
export const DEFAULT_REMOTE_URL = 'http://localhost:3001/mf-manifest.json';

/** Loads host-example/.env if there is one; variables already set in the environment win. */
export function loadEnvFile(file: string = ENV_FILE): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

export function readExampleConfig(env: NodeJS.ProcessEnv = process.env): ExampleConfig {
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() || undefined;
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  if (env.EXAMPLE_MODE === 'demo') return { mode: 'demo' };
  if (!publishableKey && !secretKey) return { mode: 'demo' };
  const demo = (notice: string): ExampleConfig => ({ mode: 'demo', notice });
  if (!publishableKey || !secretKey) {
    return demo('Stripe test mode needs both STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY; only one is set, so the offline demo runs.');
  }
  if (!/^pk_test_/.test(publishableKey)) {
    return demo('STRIPE_PUBLISHABLE_KEY is not a test key (pk_test_…); the example never runs with live keys, so the offline demo runs.');
  }
  if (!/^(sk|rk)_test_/.test(secretKey)) {
    return demo('STRIPE_SECRET_KEY is not a test secret key (sk_test_… or rk_test_…); the example never runs with live keys, so the offline demo runs.');
  }
  return { mode: 'stripe', publishableKey, secretKey };
}

export function publicConfig(config: ExampleConfig): PublicConfig {
  return {
    mode: config.mode,
    publishableKey: config.mode === 'stripe' ? (config.publishableKey ?? null) : null,
    notice: config.notice ?? null,
  };
}

export function describeMode(config: ExampleConfig): string {
  return config.mode === 'stripe'
    ? 'Stripe test mode (real Checkout Sessions with your test keys)'
    : 'offline demo (no keys; Stripe.js and Checkout are local stand-ins)';
}
