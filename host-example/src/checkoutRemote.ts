// The integration: the checkout remote registered at runtime, loaded with a timeout on every request
// and bounded retries. Nothing here can hang or throw into the page: `loadCheckout()` always settles,
// with the module or a readable error.
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RUNTIME_003, RUNTIME_008 } from '@module-federation/error-codes';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';

export type CheckoutModule = { CheckoutButton: React.ComponentType<CheckoutButtonProps> };

export interface RemotePolicy {
  /** Where the remote is: its mf-manifest.json. */
  manifestUrl: string;
  /** Attempts at the whole remote; 1 = no retry. */
  attempts: number;
  /** Per request (manifest, entry) and per whole attempt. */
  timeoutMs: number;
}

const NAME = 'checkout';
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 300 * 2 ** (attempt - 1)));

/** The runtime waits 20 s for an entry and for ever for a manifest: ours wait `timeoutMs`. */
function timeouts(timeoutMs: number): ModuleFederationRuntimePlugin {
  // Per URL: the runtime also asks for the button's chunks (from the manifest) before the entry, and a
  // first request must keep its plain URL, or the page's preloads of it are wasted.
  const asked = new Map<string, number>();
  return {
    name: 'checkout-timeouts',
    fetch: (url, init, remote) =>
      remote?.name === NAME
        ? fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }).then((response) => {
            if (!response.ok) throw new Error(`${url} answered ${response.status}`);
            return response;
          })
        : undefined,
    createScript({ url, remoteInfo }) {
      if (remoteInfo?.name !== NAME) return undefined;
      const before = asked.get(url) ?? 0;
      asked.set(url, before + 1);
      if (before === 0) return { timeout: timeoutMs };
      // Chromium answers a new tag for a URL still in flight from the stalled request: a retry asks
      // for a URL of its own.
      const script = document.createElement('script');
      script.src = `${url}${url.includes('?') ? '&' : '?'}retry=${before}`;
      return { script, timeout: timeoutMs };
    },
  };
}

/** What failed, in one line a developer can act on (the runtime's own codes, not its texts). */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (text.includes(RUNTIME_003)) return 'its manifest could not be fetched';
  if (text.includes(RUNTIME_008)) return 'its remote entry could not be loaded';
  return text.split('\n')[0] || 'it could not be loaded';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function registerCheckout(policy: RemotePolicy): void {
  registerPlugins([timeouts(policy.timeoutMs)]);
  registerRemotes([{ name: NAME, entry: policy.manifestUrl }]);
}

/** How the host example loads the remote: three attempts, five seconds per request. */
export const CHECKOUT_POLICY: Omit<RemotePolicy, 'manifestUrl'> = { attempts: 3, timeoutMs: 5_000 };

/** Loads `checkout/CheckoutButton`, `policy.attempts` times at most. */
export async function loadCheckout(policy: RemotePolicy): Promise<CheckoutModule> {
  let reason: unknown;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    // The runtime keeps a failed manifest and entry: `force` drops them, so the next load fetches again.
    if (attempt > 1) registerRemotes([{ name: NAME, entry: policy.manifestUrl }], { force: true });
    try {
      // A bound on the whole attempt too: an exposed chunk that never answers has no timeout of ours.
      const mod = await withTimeout(loadRemote<CheckoutModule>(`${NAME}/CheckoutButton`), 2 * policy.timeoutMs);
      if (typeof mod?.CheckoutButton === 'function') return mod;
      reason = new Error('the module has no CheckoutButton');
    } catch (error) {
      reason = error;
    }
    if (attempt < policy.attempts) await pause(attempt);
  }
  throw new Error(`The checkout remote is unavailable: ${describeFailure(reason)} (${policy.attempts} attempt${policy.attempts === 1 ? '' : 's'}).`, { cause: reason });
}

/** What the checkout slot calls: it gets the load already under way. */
export type CheckoutLoader = () => Promise<CheckoutModule>;

/** Registers the remote and starts loading it now, in parallel with the page's own start. */
export function startCheckout(policy: RemotePolicy): CheckoutLoader {
  registerCheckout(policy);
  const first = loadCheckout(policy);
  first.catch(() => {}); // the slot shows the form and reports; nothing is left unhandled meanwhile
  return () => first;
}
