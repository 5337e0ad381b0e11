import type { StripeLoadOptions, StripeScriptSnapshot } from '../types';
import { checkoutError, toCheckoutError } from '../errors';
import { backoffDelay, sleep } from './backoff';
import { positiveOr } from '../bounds';
import { clampAttempts, DEFAULT_LOAD_TIMEOUT_MS, STRIPE_JS_URL } from './policy';
import { loadScriptOnce, resetScriptTags } from './scriptTag';
import { getStripeInstance } from './stripeInstance';

// Only these can succeed on a second try; a CSP block or a stub answering for Stripe.js will not.
const RETRYABLE = new Set(['script_load_failed', 'script_timeout']);

const INITIAL: StripeScriptSnapshot = Object.freeze({ state: 'initial' });
let snapshot: StripeScriptSnapshot = INITIAL;
let inFlight: Promise<StripeScriptSnapshot> | null = null;
const listeners = new Set<() => void>();

function publish(next: StripeScriptSnapshot): StripeScriptSnapshot {
  snapshot = Object.freeze(next);
  listeners.forEach((listener) => listener());
  return snapshot;
}

export function getSnapshot(): StripeScriptSnapshot {
  return snapshot;
}

export function getServerSnapshot(): StripeScriptSnapshot {
  return INITIAL;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}


async function loadWithRetries(request: StripeLoadOptions): Promise<void> {
  const timeoutMs = positiveOr(request.loadTimeoutMs, DEFAULT_LOAD_TIMEOUT_MS);
  const maxAttempts = clampAttempts(request.maxLoadAttempts);
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await loadScriptOnce({ timeoutMs, nonce: request.nonce });
      return;
    } catch (error) {
      // An attempt rejects with a CheckoutError; anything else is the page throwing where we touched it.
      const failure = toCheckoutError('script_load_failed', `Loading ${STRIPE_JS_URL} failed unexpectedly`, error);
      if (!RETRYABLE.has(failure.code) || attempt >= maxAttempts) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const attempts = `${attempt} attempt${attempt === 1 ? '' : 's'}`;
        throw { ...failure, message: `${failure.message} Gave up after ${attempts} in ${seconds} s.` };
      }
      await sleep(backoffDelay(attempt));
    }
  }
}

async function loadAndCreate(request: StripeLoadOptions): Promise<void> {
  await loadWithRetries(request);
  try {
    await getStripeInstance(request.publishableKey, request.stripeOptions);
  } catch (cause) {
    throw checkoutError('stripe_unavailable', `${STRIPE_JS_URL} loaded but could not create a Stripe instance.`, cause);
  }
}

/**
 * The page's one load of Stripe.js. Concurrent callers share the load in flight; once resolved it
 * stays resolved; from `rejected` a call starts a fresh load (dead tag removed first).
 * Never rejects: the outcome is the snapshot. The first caller's policy applies to a load in flight.
 */
export function loadStripeScript(request: StripeLoadOptions): Promise<StripeScriptSnapshot> {
  if (typeof window === 'undefined') return Promise.resolve(INITIAL);
  if (snapshot.state === 'resolved') return Promise.resolve(snapshot);
  if (inFlight) return inFlight;
  publish({ state: 'pending' });
  // Cleared before publishing, so a listener that retries on `rejected` starts a fresh load.
  const settle = (next: StripeScriptSnapshot) => {
    inFlight = null;
    return publish(next);
  };
  inFlight = loadAndCreate(request).then(
    () => settle({ state: 'resolved' }),
    (error: unknown) =>
      settle({
        state: 'rejected',
        error: toCheckoutError('script_load_failed', `Loading ${STRIPE_JS_URL} failed unexpectedly`, error),
      }),
  );
  return inFlight;
}

/** Tests only: back to a fresh page. */
export function resetScriptStore(): void {
  resetScriptTags();
  snapshot = INITIAL;
  inFlight = null;
  listeners.clear();
}
