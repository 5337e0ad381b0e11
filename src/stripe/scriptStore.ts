import type { CheckoutError, CheckoutErrorCode, StripeLoadOptions, StripeScriptSnapshot } from '../core/types';
import { toCheckoutError } from '../core/errors';
import { emitCheckoutEvent, now, type CheckoutEventInput } from '../core/events';
import { backoffDelay, sleep } from './backoff';
import { stopOnlineWatch, watchOnline } from './backOnline';
import { positiveOr } from '../core/bounds';
import { clampAttempts, DEFAULT_LOAD_TIMEOUT_MS, STRIPE_JS_URL } from './policy';
import { INITIAL_SNAPSHOT, pageState } from './pageState';
import { loadScriptOnce } from './scriptTag';
import { getStripeInstance } from './stripeInstance';

// Only these can succeed on a second try (and when the network comes back); a CSP block or a stub
// answering for Stripe.js will not.
const NETWORK_FAILURES = new Set<CheckoutErrorCode>(['script_load_failed', 'script_timeout']);

/** An attempt rejects with a CheckoutError; anything else is the page throwing where we touched it. */
const UNEXPECTED = `Loading ${STRIPE_JS_URL} failed unexpectedly`;

/** The page's state; while an outcome is announced (its event under way), that outcome. */
export function getSnapshot(): StripeScriptSnapshot {
  const page = pageState();
  return page.announcing ?? page.script.get();
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
  const page = pageState();
  if (page.announcing) (page.held ??= []).push(frozen);
  else page.script.set(frozen);
  return frozen;
}

/**
 * Ends a load: its event is told first, then the state published, and a reader of either sees the
 * outcome (`getSnapshot` says it during the event). A load that an event listener starts (a retry
 * on `script_rejected`) is a fresh one, and its `pending` is published after the outcome it follows.
 */
function announce(outcome: StripeScriptSnapshot, event: CheckoutEventInput): StripeScriptSnapshot {
  const page = pageState();
  const frozen = Object.freeze(outcome);
  page.inFlight = null;
  page.announcing = frozen;
  try {
    emitCheckoutEvent(event);
  } finally {
    page.announcing = null;
  }
  page.script.set(frozen);
  const held = page.held ?? [];
  page.held = [];
  held.forEach((snapshot) => page.script.set(snapshot));
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
        const gaveUp: CheckoutError = { ...failure, message: `${failure.message} Gave up after ${attempts} in ${seconds} s.` };
        throw gaveUp;
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
  if (request.advancedFraudSignals === false) page.fraudSignalsOff = true;
  if (getSnapshot().state === 'resolved') return Promise.resolve(getSnapshot());
  if (page.inFlight) return page.inFlight;
  stopOnlineWatch();
  page.lastRequest = request;
  let finish: (outcome: StripeScriptSnapshot) => void = () => {};
  const load = new Promise<StripeScriptSnapshot>((resolve) => (finish = resolve));
  // In flight and `pending` before the first attempt's event: a listener of either sees this load.
  page.inFlight = load;
  publish({ state: 'pending' });
  const progress: Progress = { attempts: 0 };
  const pendingSince = now();
  loadAndCreate(request, progress).then(
    () => {
      const ms = Math.round(now() - pendingSince);
      finish(announce({ state: 'resolved' }, { type: 'script_resolved', attempts: progress.attempts, ms }));
    },
    (thrown: unknown) => {
      const error = toCheckoutError('script_load_failed', UNEXPECTED, thrown);
      if (NETWORK_FAILURES.has(error.code)) watchOnline(() => void reloadAfterOnline());
      const ms = Math.round(now() - pendingSince);
      finish(announce({ state: 'rejected', error }, { type: 'script_rejected', attempts: progress.attempts, code: error.code, ms }));
    },
  );
  return load;
}

function reloadAfterOnline(): Promise<StripeScriptSnapshot> | undefined {
  const { script, lastRequest } = pageState();
  if (script.get().state !== 'rejected' || !lastRequest) return undefined;
  return loadStripeScript(lastRequest);
}
