// The checkout remote registered at runtime and loaded with bounded attempts. Nothing here can hang
// or throw into the page: `loadCheckout()` always settles, with the module or a readable error.
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { pageLoaded, scriptsAfterPageLoad } from './afterPageLoad.js';
import { shadowNamedElement } from './containerGlobal.js';
import { ReleaseRefused } from './release/releaseFormat.js';
import { verifiedRelease, type VerifiedReleaseOptions } from './release/verifiedRelease.js';
import { DEFAULT_REMOTE, remoteTimeouts } from './remoteTimeouts.js';
import { walletRowEarly } from './walletRowEarly.js';
import type { CheckoutButtonComponent } from '@checkout/remote-types';

/** What the remote's `./CheckoutButton` exposes, typed by `@checkout/remote-types` (the remote's own types) unless you say otherwise. */
export interface CheckoutModule<Button = CheckoutButtonComponent> {
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
const RUNTIME_009 = 'RUNTIME-009';

/** What a page without a federation runtime lacks, in the words of the fix. */
const NO_RUNTIME =
  "this page has no federation runtime (add your bundler's Module Federation plugin, with react and react-dom shared " +
  'as singletons, or call init() from @module-federation/runtime before startCheckout)';

// The refusal each remote's verifier (registered by checkoutPlugin) reported last: the runtime hands
// the loader its own error (RUNTIME-003, the refusal flattened into text), so the reason comes from here.
const refusals = new Map<string, ReleaseRefused>();

/** The refusal behind a failed load: one in its causes, or the one the remote's verifier reported. */
function refusalOf(error: unknown, remote: string): ReleaseRefused | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++)
    if (cause instanceof ReleaseRefused) return cause;
  return refusals.get(remote);
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 300 * 2 ** (attempt - 1)));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The page has no federation runtime: no attempt can help. */
const lacksRuntime = (error: unknown) => messageOf(error).includes(RUNTIME_009);

/** What failed, in one line a developer can act on. */
export function describeFailure(error: unknown): string {
  if (error instanceof ReleaseRefused) return `its release was refused (${error.reason}): ${error.message}`;
  if (lacksRuntime(error)) return NO_RUNTIME;
  const text = messageOf(error);
  if (text.includes(RUNTIME_003)) {
    // The verifier fetches the release's inventory and signature beside the manifest: name the one that failed.
    const file = /(https?:\/\/\S+?\/([^/\s]+)) (answered \d+|could not be fetched)/.exec(text);
    if (file && file[2] !== 'mf-manifest.json')
      return `its ${file[2]} could not be fetched (${file[1]} ${file[3].replace('could not be fetched', 'unreachable')})`;
    return 'its manifest could not be fetched';
  }
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
 * Either way the remote's scripts run after the page's `load` (afterPageLoad.ts), and a page that
 * shows wallets gets the wallet row's code with the button's (walletRowEarly.ts).
 */
export function checkoutPlugin(policy: Omit<RemotePolicy, 'manifestUrl' | 'attempts'>): ModuleFederationRuntimePlugin {
  const remote = policy.remote ?? DEFAULT_REMOTE;
  if (policy.verify === 'off') return remoteTimeouts({ remote, timeoutMs: policy.timeoutMs });
  const { timeoutMs, verify } = policy;
  const verifier = verifiedRelease({
    ...verify,
    remote,
    report: (refusal) => {
      refusals.set(remote, refusal);
      verify.report(refusal);
    },
    fetch: (url) => fetch(url, { signal: AbortSignal.timeout(timeoutMs) }),
  });
  return scriptsAfterPageLoad(walletRowEarly(verifier, remote), remote);
}

export function registerCheckout(policy: RemotePolicy): void {
  registerPlugins([checkoutPlugin(policy)]);
  registerRemotes([{ name: policy.remote ?? DEFAULT_REMOTE, entry: policy.manifestUrl }]);
}

/**
 * Loads `<remote>/CheckoutButton`, `policy.attempts` times at most. A refused release is not tried
 * again (the same bytes would come back, and be reported again): its error's `cause` is the
 * `ReleaseRefused`, with its `reason`.
 */
export async function loadCheckout<Button = CheckoutButtonComponent>(policy: RemotePolicy): Promise<CheckoutModule<Button>> {
  const name = policy.remote ?? DEFAULT_REMOTE;
  refusals.delete(name);
  let reason: unknown;
  let attempt = 1;
  for (; ; attempt++) {
    try {
      // The runtime keeps a failed manifest and entry: `force` drops them, so the next load fetches again.
      if (attempt > 1) registerRemotes([{ name, entry: policy.manifestUrl }], { force: true });
      shadowNamedElement(name); // the kit's plugins do it for the manifest's global name; this for a plugin of the host's own
      // A bound on the whole attempt too: an exposed chunk that never answers has no timeout of ours.
      const mod = await withTimeout(loadRemote<CheckoutModule<Button>>(`${name}/CheckoutButton`), 2 * policy.timeoutMs);
      if (typeof mod?.CheckoutButton === 'function') return mod;
      reason = new Error('the module has no CheckoutButton');
    } catch (error) {
      reason = refusalOf(error, name) ?? error;
    }
    const hopeless = reason instanceof ReleaseRefused || lacksRuntime(reason);
    if (hopeless || attempt >= policy.attempts) break;
    await pause(attempt);
  }
  if (reason instanceof ReleaseRefused) throw new Error(`The checkout remote did not run: ${describeFailure(reason)}`, { cause: reason });
  const times = `${attempt} attempt${attempt === 1 ? '' : 's'}`;
  throw new Error(`The checkout remote is unavailable: ${describeFailure(reason)} (${times}).`, { cause: reason });
}

/** What the checkout slot calls: it gets the load already under way. */
export type CheckoutLoader<Button = CheckoutButtonComponent> = () => Promise<CheckoutModule<Button>>;

/**
 * Registers the remote and starts loading it now, in parallel with the page's own start. It never
 * throws: a page without a federation runtime gets a load that fails (the slot's form stays).
 */
export function startCheckout<Button = CheckoutButtonComponent>(policy: RemotePolicy): CheckoutLoader<Button> {
  let first: Promise<CheckoutModule<Button>>;
  try {
    registerCheckout(policy);
    first = loadCheckout<Button>(policy);
  } catch (error) {
    first = Promise.reject(new Error(`The checkout remote is unavailable: ${describeFailure(error)}.`, { cause: error }));
  }
  first.catch(() => {}); // the slot shows the form and reports; nothing is left unhandled meanwhile
  return () => first;
}
