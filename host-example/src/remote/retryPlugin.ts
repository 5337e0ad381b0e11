// A Module Federation runtime plugin: bounded retries of one remote, and no request to it that can
// hang forever. Registered once, in registerCheckoutRemote.ts.
//
// - `fetch` (the manifest): a timeout, and a 404/500 becomes an error that says so (the runtime
//   would otherwise try to parse the error page as JSON).
// - `createScript` (the remote entry): the same timeout instead of the runtime's 20 s.
// - `errorLoadRemote`: whatever failed (manifest, entry, exposed chunk), start the remote afresh
//   and load the module again, `attempts` times in all with a growing pause; then give up with one
//   error that says what failed and how often. The host shows its fallback for that error.
import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemotePolicy {
  /** Attempts at the whole remote before giving up; 1 = no retry. */
  attempts: number;
  /** Per request, for the manifest and for the remote entry script. */
  timeoutMs: number;
  /** Pause before attempt n + 1: backoffMs × 2^(n − 1). */
  backoffMs: number;
}

/** For a button a person is waiting for: three tries, about 1 s of pauses in all. */
export const DEFAULT_REMOTE_POLICY: RemotePolicy = { attempts: 3, timeoutMs: 5_000, backoffMs: 300 };

export function retryPause(policy: RemotePolicy, failedAttempts: number): number {
  return policy.backoffMs * 2 ** (failedAttempts - 1);
}

/** What a failed attempt was about, for the status panel and the final error. */
export type RemoteStage = 'manifest' | 'entry' | 'module';

/** The error the host sees once every attempt failed. */
export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
  constructor(
    message: string,
    readonly stage: RemoteStage,
    readonly attempts: number,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

export interface AttemptFailure {
  remote: string;
  attempt: number;
  attempts: number;
  stage: RemoteStage;
  message: string;
  /** Set when another attempt follows after this pause. */
  retryInMs?: number;
}

export interface RetryPluginOptions {
  remoteName: string;
  policy: RemotePolicy;
  onAttemptFailed?: (failure: AttemptFailure) => void;
  /** Asked before each retry: false stops (the page gave up on this load). */
  shouldRetry?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One line a person can act on. The runtime's messages carry an error code, its arguments, a link
 * to its docs and the original error: keep what failed and the original error.
 */
export function describeRemoteError(error: unknown): { stage: RemoteStage; message: string } {
  const raw = messageOf(error);
  const original = /Original Error Message:\s*([\s\S]*)$/.exec(raw)?.[1].trim().replace(/^(Type)?Error: /, '');
  const summary = raw.split('\n')[0].replace(/^\[ Federation Runtime \]: /, '').trim();
  if (/#RUNTIME-(003|013)\b/.test(raw)) return { stage: 'manifest', message: `Manifest: ${original ?? summary}` };
  if (/#RUNTIME-(001|008)\b/.test(raw)) {
    const cause = (original ?? summary).replace(/^Script(Network|Execution)Error: /, '').replace(/ - the script URL is unreachable.*$/, ' (unreachable, or an error status).');
    return { stage: 'entry', message: `Remote entry: ${cause}` };
  }
  return { stage: 'module', message: `Exposed module: ${raw.replace(/\s*\n\s*/g, ' ').trim() || 'it could not be loaded.'}` };
}

/**
 * Drops everything the runtime cached about the remote (a failed manifest or entry included). The
 * runtime says on the console that the remote "is already registered": expected here.
 */
export function resetRemote(origin: ModuleFederation, remoteName: string): void {
  const registered = origin.options.remotes.find((remote) => remote.name === remoteName);
  if (registered) origin.registerRemotes([{ ...registered }], { force: true });
}

class ResourceError extends Error {}

async function fetchManifest(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ResourceError(timedOut ? `no answer from ${url} within ${timeoutMs} ms` : `could not reach ${url} (${messageOf(error)})`);
  }
  if (!response.ok) throw new ResourceError(`${url} answered ${response.status} ${response.statusText}`.trim());
  return response;
}

export function checkoutRetryPlugin(options: RetryPluginOptions): ModuleFederationRuntimePlugin {
  const { remoteName, policy, onAttemptFailed, shouldRetry = () => true, sleep = defaultSleep } = options;
  const attempts = Math.max(1, Math.floor(policy.attempts));
  const ours = (name: string | undefined) => name === remoteName;
  // The modules being retried by the loop below: a failure of one of our own retries is the
  // loop's to handle, not a new loop's.
  const retrying = new Set<string>();
  // How many times the runtime created each remote entry script (see createScript).
  const entryScripts = new Map<string, number>();

  return {
    name: 'checkout-retry-plugin',

    fetch(url, init, remoteInfo) {
      if (!ours(remoteInfo?.name)) return undefined;
      return fetchManifest(url, init, policy.timeoutMs);
    },

    createScript({ url, remoteInfo }) {
      if (!ours(remoteInfo?.name)) return undefined;
      // The entry is only created again after a failed attempt. If that attempt timed out, its
      // request may still be open, and Chromium answers a new <script> for the same URL from it:
      // the retry would send nothing and time out again (seen in the e2e suite, F6). So a retry
      // asks for a URL of its own; the first load keeps the plain, cacheable one.
      const created = entryScripts.get(url) ?? 0;
      entryScripts.set(url, created + 1);
      if (created === 0) return { timeout: policy.timeoutMs };
      const script = document.createElement('script');
      script.src = `${url}${url.includes('?') ? '&' : '?'}retry=${created}`;
      return { script, timeout: policy.timeoutMs };
    },

    async errorLoadRemote(args) {
      // A failed manifest is first reported here with lifecycle 'afterResolve', then again as the
      // failure of the whole load ('onLoad'): retry once per load, at 'onLoad'.
      if (args.lifecycle !== 'onLoad' || !args.id.startsWith(`${remoteName}/`)) return undefined;
      if (retrying.has(args.id)) return undefined;
      retrying.add(args.id);
      let failure = describeRemoteError(args.error);
      let lastError = args.error;
      try {
        for (let attempt = 1; attempt < attempts; attempt++) {
          const retryInMs = retryPause(policy, attempt);
          onAttemptFailed?.({ remote: remoteName, attempt, attempts, ...failure, retryInMs });
          await sleep(retryInMs);
          if (!shouldRetry()) break;
          resetRemote(args.origin, remoteName);
          try {
            return await args.origin.loadRemote(args.id);
          } catch (error) {
            lastError = error;
            failure = describeRemoteError(error);
          }
        }
        onAttemptFailed?.({ remote: remoteName, attempt: attempts, attempts, ...failure });
        throw new RemoteUnavailableError(
          `${args.id} could not be loaded after ${attempts} attempt${attempts === 1 ? '' : 's'}. ${failure.message}`,
          failure.stage,
          attempts,
          lastError,
        );
      } finally {
        retrying.delete(args.id);
      }
    },
  };
}
