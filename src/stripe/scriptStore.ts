import type { CheckoutErrorCode, StripeLoadOptions, StripeScriptSnapshot } from '../types';
import { toCheckoutError } from '../errors';
import { emitCheckoutEvent, now } from '../events';
import { backoffDelay, sleep } from './backoff';
import { stopOnlineWatch, watchOnline } from './backOnline';
import { positiveOr } from '../bounds';
import { clampAttempts, DEFAULT_LOAD_TIMEOUT_MS, STRIPE_JS_URL } from './policy';
import { INITIAL_SNAPSHOT, pageState } from './pageState';
import { loadScriptOnce } from './scriptTag';
import { getStripeInstance } from './stripeInstance';

// Only these can succeed on a second try (and when the network comes back); a CSP block or a stub
// answering for Stripe.js will not.
const NETWORK_FAILURES = new Set<CheckoutErrorCode>(['script_load_failed', 'script_timeout']);

/** An attempt rejects with a CheckoutError; anything else is the page throwing where we touched it. */
const UNEXPECTED = `Loading ${STRIPE_JS_URL} failed unexpectedly`;

export function getSnapshot(): StripeScriptSnapshot {
  return pageState().script.get();
}

export function getServerSnapshot(): StripeScriptSnapshot {
  return INITIAL_SNAPSHOT;
}

/** Every snapshot published after subscribing, once each, in order (see store.ts). */
export function subscribe(listener: (snapshot: StripeScriptSnapshot) => void): () => void {
  return pageState().script.subscribe(listener);
}

function publish(next: StripeScriptSnapshot): StripeScriptSnapshot {
  const frozen = Object.freeze(next);
  pageState().script.set(frozen);
  return frozen;
}

/** How far a load got, for its events. */
interface Progress {
  attempts: number;
}

async function loadWithRetries(request: StripeLoadOptions, progress: Progress): Promise<void> {
  const timeoutMs = positiveOr(request.loadTimeoutMs, DEFAULT_LOAD_TIMEOUT_MS);
  const maxAttempts = clampAttempts(request.maxLoadAttempts);
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    progress.attempts = attempt;
    const attemptStart = now();
    emitCheckoutEvent({ type: 'script_attempt', attempt });
    try {
      await loadScriptOnce({ timeoutMs, nonce: request.nonce });
      return;
    } catch (thrown) {
      const failure = toCheckoutError('script_load_failed', UNEXPECTED, thrown);
      emitCheckoutEvent({ type: 'script_attempt_failed', attempt, code: failure.code, ms: Math.round(now() - attemptStart) });
      if (!NETWORK_FAILURES.has(failure.code) || attempt >= maxAttempts) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const attempts = `${attempt} attempt${attempt === 1 ? '' : 's'}`;
        throw { ...failure, message: `${failure.message} Gave up after ${attempts} in ${seconds} s.` };
      }
      await sleep(backoffDelay(attempt));
    }
  }
}

async function loadAndCreate(request: StripeLoadOptions, progress: Progress): Promise<void> {
  await loadWithRetries(request, progress);
  await getStripeInstance(request.publishableKey, request.stripeOptions);
}

/**
 * The page's one load of Stripe.js, shared by every button and every copy of this remote (its state
 * lives on the window, see pageState.ts). Concurrent callers share the load in flight; once resolved
 * it stays resolved; from `rejected` a call starts a fresh load (dead tags removed first), and so does
 * the browser coming back online after a network failure. Never rejects: the outcome is the snapshot.
 * The first caller's policy applies to a load in flight.
 */
export function loadStripeScript(request: StripeLoadOptions): Promise<StripeScriptSnapshot> {
  if (typeof window === 'undefined') return Promise.resolve(INITIAL_SNAPSHOT);
  const page = pageState();
  if (page.script.get().state === 'resolved') return Promise.resolve(page.script.get());
  if (page.inFlight) return page.inFlight;
  stopOnlineWatch();
  page.lastRequest = request;
  // Cleared before publishing, so a listener that retries on `rejected` starts a fresh load.
  const settle = (next: StripeScriptSnapshot) => {
    page.inFlight = null;
    return publish(next);
  };
  const progress: Progress = { attempts: 0 };
  const pendingSince = now();
  const load = loadAndCreate(request, progress).then(
    () => {
      emitCheckoutEvent({ type: 'script_resolved', attempts: progress.attempts, ms: Math.round(now() - pendingSince) });
      return settle({ state: 'resolved' });
    },
    (thrown: unknown) => {
      const error = toCheckoutError('script_load_failed', UNEXPECTED, thrown);
      if (NETWORK_FAILURES.has(error.code)) watchOnline(() => void reloadAfterOnline());
      emitCheckoutEvent({ type: 'script_rejected', attempts: progress.attempts, code: error.code, ms: Math.round(now() - pendingSince) });
      return settle({ state: 'rejected', error });
    },
  );
  page.inFlight = load;
  publish({ state: 'pending' });
  return load;
}

function reloadAfterOnline(): Promise<StripeScriptSnapshot> | undefined {
  const { script, lastRequest } = pageState();
  if (script.get().state !== 'rejected' || !lastRequest) return undefined;
  return loadStripeScript(lastRequest);
}
