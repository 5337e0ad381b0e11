// The checkout remote registered at runtime and loaded with bounded attempts. Nothing here can hang
// or throw into the page: `loadCheckout()` always settles, with the module or a readable error.
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { pageLoaded, scriptsAfterPageLoad } from './afterPageLoad.js';
import { verifiedRelease, type VerifiedReleaseOptions } from './release/verifiedRelease.js';
import { DEFAULT_REMOTE, remoteTimeouts } from './remoteTimeouts.js';

/** What the remote's `./CheckoutButton` exposes (its props are in the remote's own types, `checkout/CheckoutButton`). */
export interface CheckoutModule<Button = unknown> {
  CheckoutButton: Button;
}

export interface RemotePolicy {
  /** Where the remote is: its mf-manifest.json (a release's, or a channel's). */
  manifestUrl: string;
  /** Attempts at the whole remote; 1 = no retry. */
  attempts: number;
  /** Per request (manifest, entry) and, twice over, per whole attempt. */
  timeoutMs: number;
  /** The remote's name; default `checkout`. */
  remote?: string;
  /**
   * What of the remote runs: only a release the publisher signed (or the one pinned), checked in the
   * page before anything of it runs (recommended); or `'off'`, whatever the remote's origin serves.
   */
  verify: Omit<VerifiedReleaseOptions, 'remote' | 'fetch'> | 'off';
}

/** How the host example loads the remote: three attempts, five seconds per request. */
export const CHECKOUT_POLICY = { attempts: 3, timeoutMs: 5_000 } as const;

// The runtime's own error codes (@module-federation/error-codes), not its texts.
const RUNTIME_003 = 'RUNTIME-003';
const RUNTIME_008 = 'RUNTIME-008';

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 300 * 2 ** (attempt - 1)));

/** What failed, in one line a developer can act on. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (text.includes(RUNTIME_003)) return 'its manifest could not be fetched';
  if (text.includes(RUNTIME_008)) return 'its remote entry could not be loaded';
  return text.split('\n')[0] || 'it could not be loaded';
}

/** `promise`, or a rejection `ms` after the page's `load` (the remote's scripts wait for it). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    void pageLoaded().then(() => {
      if (!over) timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    });
    promise.then(resolve, reject).finally(() => {
      over = true;
      clearTimeout(timer);
    });
  });
}

/**
 * The one plugin that fetches the remote's files: the runtime calls every plugin's `fetch` and
 * `createScript` and keeps the last answer, so the verifier and the plain timeouts never go together.
 * Either way the remote's scripts run after the page's `load` (afterPageLoad.ts).
 */
export function checkoutPlugin(policy: Omit<RemotePolicy, 'manifestUrl' | 'attempts'>): ModuleFederationRuntimePlugin {
  const remote = policy.remote ?? DEFAULT_REMOTE;
  if (policy.verify === 'off') return remoteTimeouts({ remote, timeoutMs: policy.timeoutMs });
  const timeoutMs = policy.timeoutMs;
  const verifier = verifiedRelease({ ...policy.verify, remote, fetch: (url) => fetch(url, { signal: AbortSignal.timeout(timeoutMs) }) });
  return scriptsAfterPageLoad(verifier, remote);
}

export function registerCheckout(policy: RemotePolicy): void {
  registerPlugins([checkoutPlugin(policy)]);
  registerRemotes([{ name: policy.remote ?? DEFAULT_REMOTE, entry: policy.manifestUrl }]);
}

/** Loads `<remote>/CheckoutButton`, `policy.attempts` times at most. */
export async function loadCheckout<Button = unknown>(policy: RemotePolicy): Promise<CheckoutModule<Button>> {
  const name = policy.remote ?? DEFAULT_REMOTE;
  let reason: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    // The runtime keeps a failed manifest and entry: `force` drops them, so the next load fetches again.
    if (attempt > 1) registerRemotes([{ name, entry: policy.manifestUrl }], { force: true });
    try {
      // A bound on the whole attempt too: an exposed chunk that never answers has no timeout of ours.
      const mod = await withTimeout(loadRemote<CheckoutModule<Button>>(`${name}/CheckoutButton`), 2 * policy.timeoutMs);
      if (typeof mod?.CheckoutButton === 'function') return mod;
      reason = new Error('the module has no CheckoutButton');
    } catch (error) {
      reason = error;
    }
    if (attempt < policy.attempts) await pause(attempt);
  }
  const times = `${policy.attempts} attempt${policy.attempts === 1 ? '' : 's'}`;
  throw new Error(`The checkout remote is unavailable: ${describeFailure(reason)} (${times}).`, { cause: reason });
}

/** What the checkout slot calls: it gets the load already under way. */
export type CheckoutLoader<Button = unknown> = () => Promise<CheckoutModule<Button>>;

/** Registers the remote and starts loading it now, in parallel with the page's own start. */
export function startCheckout<Button = unknown>(policy: RemotePolicy): CheckoutLoader<Button> {
  registerCheckout(policy);
  const first = loadCheckout<Button>(policy);
  first.catch(() => {}); // the slot shows the form and reports; nothing is left unhandled meanwhile
  return () => first;
}
