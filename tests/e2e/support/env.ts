// What the global setup hands to the e2e tests (they run in other processes): a small JSON file
// whose path travels in E2E_ENV_FILE (jest workers inherit the setup's environment).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
export const E2E_TMP = path.join(ROOT, '.tmp/e2e');
/** Where the fixtures' configs and pages say the remote is, as a dev config would; the tests route or rewrite it. */
export const CONFIGURED_REMOTE_ORIGIN = 'http://localhost:3001';
/** The key of the matrix's Stripe API stand-in URL among its servers' URLs (host id → URL). */
export const STRIPE_API_KEY = '$stripeApi';
/** Under this prefix and a host's id: the Stripe API stand-in of a host whose own server runs the server half. */
export const HOST_STRIPE_API_PREFIX = '$stripeApi:';
/** The warehouse stand-in those hosts ship to. */
export const WAREHOUSE_KEY = '$warehouse';
/** The webhook secret those hosts verify with, and their stand-ins sign with. */
export const FRAMEWORK_WEBHOOK_SECRET = 'whsec_e2e_framework_hosts';

export interface E2EEnv {
  /** false: no Chromium, or the builds or servers failed; `reason` says which. */
  available: boolean;
  /** Missing Chromium outside CI: the suites are skipped (loudly) rather than failed. */
  skip: boolean;
  reason?: string;
  chromium?: string;
  /** The one Chromium the set-up started (`chromium.launchServer`): each test file connects to it. */
  browserWsEndpoint?: string;
  remoteUrl?: string;
  /** The built remote the servers serve (the deployment tests serve it again through nginx). */
  remoteDir?: string;
  /** The remote's manifest, what hosts register. */
  manifestUrl?: string;
  /** A second build of the remote under another container name (`checkout_copy`), served apart. */
  remoteCopyManifestUrl?: string;
  /** The previous release of the remote (built from its commit, as `checkout_previous`), served apart. */
  previousManifestUrl?: string;
  /** Why there is no previous release (its commit is not in this clone, say). */
  previousReason?: string;
  /** The host example (host-example/, production build) the browser suites open. */
  hostUrl?: string;
  /**
   * The host example's integration alone (`--env demo=off`, redirect and embedded builds), served with
   * server/'s checkout routes against the API stand-in; its remote is at CONFIGURED_REMOTE_ORIGIN.
   */
  integrationUrl?: string;
  integrationEmbeddedUrl?: string;
  /** The Stripe API stand-in behind the host's checkout routes (stand-ins/stripeApi.ts; its control routes play Stripe's side). */
  stripeApiUrl?: string;
  serverPid?: number;
}

export function readE2EEnv(): E2EEnv {
  const file = process.env.E2E_ENV_FILE;
  if (!file || !existsSync(file)) {
    return { available: false, skip: false, reason: `no e2e environment (E2E_ENV_FILE=${file ?? 'unset'}): did the global setup run?` };
  }
  return JSON.parse(readFileSync(file, 'utf8')) as E2EEnv;
}

export function loudBanner(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  return ['', bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ''].join('\n');
}

/** Whether a process (a server of ours, a run that may still use its build) is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
