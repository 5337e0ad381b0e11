// Registering the checkout remote at runtime, from its manifest URL, and loading its button.
//
// Why at runtime: the host builds and starts without the remote; a remote that is down costs the
// page its checkout, not its start-up. `registerRemotes` + `loadRemote` (with the host's
// `shareStrategy: 'loaded-first'`) fetch nothing until the button is wanted.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { CheckoutButtonModule } from './checkoutTypes';
import {
  checkoutRetryPlugin,
  describeRemoteError,
  retryPause,
  RemoteUnavailableError,
  type AttemptFailure,
  type RemotePolicy,
} from './retryPlugin';

export const CHECKOUT_REMOTE = 'checkout';
export const CHECKOUT_BUTTON = `${CHECKOUT_REMOTE}/CheckoutButton`;

export type CheckoutRemoteSnapshot =
  | { status: 'idle' }
  | { status: 'loading'; attempt: number; attempts: number }
  | { status: 'loaded'; module: CheckoutButtonModule; ms: number }
  | { status: 'failed'; error: Error; attempts: number };

/** What happens to the remote, for the status panel. */
export type RemoteEvent =
  | { type: 'loading'; attempt: number; attempts: number; url: string }
  | { type: 'attempt-failed'; failure: AttemptFailure }
  | { type: 'loaded'; ms: number }
  | { type: 'failed'; message: string };

export interface CheckoutRemote {
  readonly manifestUrl: string;
  readonly policy: RemotePolicy;
  /** Starts loading the button module, unless it is loading or loaded. */
  load(): void;
  /** After a failure: forget what the runtime cached about the remote and load it again. */
  retry(): void;
  getSnapshot(): CheckoutRemoteSnapshot;
  subscribe(listener: () => void): () => void;
}

/**
 * The most one load may take: per attempt, the manifest and the entry (each bounded by `timeoutMs`
 * in the retry plugin), plus the pauses. Only an exposed chunk that never answers ever reaches it:
 * the remote's webpack waits 120 s for a chunk and no runtime hook can shorten that from the host.
 */
export function loadDeadlineMs(policy: RemotePolicy): number {
  let pauses = 0;
  for (let n = 1; n < policy.attempts; n++) pauses += retryPause(policy, n);
  return policy.attempts * 2 * policy.timeoutMs + pauses;
}

export interface RegisterOptions {
  manifestUrl: string;
  policy: RemotePolicy;
  onEvent?: (event: RemoteEvent) => void;
  now?: () => number;
}

export function registerCheckoutRemote({ manifestUrl, policy, onEvent, now = () => performance.now() }: RegisterOptions): CheckoutRemote {
  let snapshot: CheckoutRemoteSnapshot = { status: 'idle' };
  let generation = 0;
  const listeners = new Set<() => void>();
  const publish = (next: CheckoutRemoteSnapshot) => {
    snapshot = next;
    listeners.forEach((listener) => listener());
  };

  registerPlugins([
    checkoutRetryPlugin({
      remoteName: CHECKOUT_REMOTE,
      policy,
      // A load the page gave up on (deadline) must not go on retrying in the background.
      shouldRetry: () => snapshot.status === 'loading',
      onAttemptFailed: (failure) => {
        onEvent?.({ type: 'attempt-failed', failure });
        if (failure.retryInMs !== undefined && snapshot.status === 'loading') {
          publish({ status: 'loading', attempt: failure.attempt + 1, attempts: failure.attempts });
        }
      },
    }),
  ]);
  registerRemotes([{ name: CHECKOUT_REMOTE, entry: manifestUrl }]);

  const start = (fresh: boolean) => {
    if (snapshot.status === 'loading' || snapshot.status === 'loaded') return;
    // The runtime keeps a failed remote (its manifest, its entry's global, its module cache):
    // registering it again with `force` drops all of that, so Try again really fetches again.
    if (fresh) registerRemotes([{ name: CHECKOUT_REMOTE, entry: manifestUrl }], { force: true });
    const mine = ++generation;
    const started = now();
    publish({ status: 'loading', attempt: 1, attempts: policy.attempts });
    onEvent?.({ type: 'loading', attempt: 1, attempts: policy.attempts, url: manifestUrl });

    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      const ms = loadDeadlineMs(policy);
      timer = setTimeout(
        () => reject(new RemoteUnavailableError(`${CHECKOUT_BUTTON} did not load within ${ms} ms.`, 'module', policy.attempts)),
        ms,
      );
    });
    Promise.race([loadRemote<CheckoutButtonModule>(CHECKOUT_BUTTON), deadline])
      .then((module) => {
        if (typeof module?.CheckoutButton !== 'function') {
          throw new RemoteUnavailableError(`${CHECKOUT_BUTTON} loaded but has no CheckoutButton export.`, 'module', 1);
        }
        return module;
      })
      .then(
        (module) => {
          if (mine !== generation) return;
          const ms = Math.round(now() - started);
          publish({ status: 'loaded', module, ms });
          onEvent?.({ type: 'loaded', ms });
        },
        (reason: unknown) => {
          if (mine !== generation) return;
          const error =
            reason instanceof RemoteUnavailableError
              ? reason
              : new RemoteUnavailableError(describeRemoteError(reason).message, describeRemoteError(reason).stage, 1, reason);
          publish({ status: 'failed', error, attempts: error.attempts });
          onEvent?.({ type: 'failed', message: error.message });
        },
      )
      .finally(() => clearTimeout(timer));
  };

  return {
    manifestUrl,
    policy,
    load: () => start(false),
    retry: () => start(true),
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
