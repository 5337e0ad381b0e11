// Wallets mode's Checkout Session, asked for before anyone clicks (the Express Checkout Element needs
// its client secret to render). One per page view for each endpoint and body: every button for the
// same product, and every remount, shares it. Bounded: a few attempts with one idempotency key, then
// the card button alone for the rest of the page view. Renewed before it expires while it is in use,
// on the page's monotonic clock: the device's wall clock may be off by hours (sessionLifetime.ts).
import type { CheckoutError, SessionResult, StartedWalletSession } from '../core/types';
import { checkoutError, toCheckoutError } from '../core/errors';
import { createStore, type Store } from '../core/store';
import { atMonotonic } from './deadline';
import { newIdempotencyKey } from './idempotencyKey';
import { renewalDelayMs, sessionLifetimeMs } from './sessionLifetime';
import { answerOf, isAborted, requestSession, type SessionSource } from './session';
import { takeStarted } from './startedWalletSession';

export const WALLET_SESSION_POLICY = {
  /** Per request, unless the host set `sessionTimeoutMs` (the same bound as a click's session). */
  timeoutMs: 15_000,
  /** Attempts at one session (one idempotency key), then the card button alone for this page view. */
  maxAttempts: 3,
  /** Before the 2nd and the 3rd attempt (± 20 %): an endpoint that is down is asked three times in about 5 s, not in a loop. */
  backoffMs: [1_000, 4_000],
  /** A session is renewed this long before it expires (or halfway through its life, if that is sooner). */
  renewBeforeMs: 5 * 60_000,
  /** A session that expires sooner than this after it arrives is refused: renewing it would be a loop. */
  minLifetimeMs: 60_000,
} as const;

export type WalletSessionState =
  | { status: 'pending' }
  | { status: 'ready'; clientSecret: string; expiresAt?: number }
  /** Every attempt failed: `wallets_unavailable`, for the rest of the page view. */
  | { status: 'failed'; error: CheckoutError }
  /** A wallet paid with it: its buttons drop it, and the page's next lookup asks for a fresh one. */
  | { status: 'spent' };

export interface WalletSessionHandle {
  readonly state: Store<WalletSessionState>;
  /** A mounted button uses it (a session in use is renewed before it expires); returns the release. */
  use(): () => void;
  /** A wallet paid with it: every button showing it drops it, and the next lookup gets a fresh session. */
  consumed(): void;
}

interface Entry {
  handle: WalletSessionHandle;
  users: number;
  /** Cancels the scheduled renewal. */
  cancelRenewal(): void;
  /** The renewal came while nobody used the session: the next caller asks for a fresh one. */
  stale: boolean;
}

const entries = new Map<string, Entry>();
const functionIds = new WeakMap<object, number>();
let nextFunctionId = 1;

/** What identifies "the same product": the endpoint (or the host's function) and the body. */
export function walletSessionKey(source: SessionSource): string {
  let who = source.sessionEndpoint ?? '';
  if (source.createSession) {
    if (!functionIds.has(source.createSession)) functionIds.set(source.createSession, nextFunctionId++);
    who = `fn#${functionIds.get(source.createSession)}`;
  }
  return `${who}\n${JSON.stringify(source.sessionBody ?? null)}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

type Obtained = { state: WalletSessionState; renewAt?: number };

/**
 * One wallet session: the attempts share one idempotency key, so a retried request cannot make a
 * second. The first attempt is the page's own request when it started the same one (`started`).
 */
async function obtain(source: SessionSource, timeoutMs: number, started?: StartedWalletSession): Promise<Obtained> {
  const early = takeStarted(source, started);
  const idempotencyKey = early?.idempotencyKey ?? newIdempotencyKey();
  const { maxAttempts, backoffMs, minLifetimeMs } = WALLET_SESSION_POLICY;
  let last: CheckoutError | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(jitter(backoffMs[attempt - 2]));
    // Before the request: the session's life is counted from here, so its transit only makes us early.
    const askedAt = performance.now();
    // The page's request is answered through the same bound and checks as ours (session.ts).
    const asked: SessionSource =
      attempt === 1 && early ? { createSession: () => answerOf(early.endpoint, () => early.response) as Promise<SessionResult> } : source;
    try {
      // Nobody aborts it: a button unmounted meanwhile leaves the session to the next one.
      const session = await requestSession({ ...asked, mode: 'wallets', timeoutMs, idempotencyKey, signal: new AbortController().signal });
      if (!('clientSecret' in session)) throw checkoutError('invalid_session', 'The wallet session has no clientSecret.');
      const { clientSecret, expiresAt } = session;
      const lifeMs = sessionLifetimeMs(session);
      if (lifeMs !== undefined && lifeMs < minLifetimeMs) {
        throw checkoutError(
          'invalid_session',
          `The wallet session expires in under ${minLifetimeMs / 1000} s (${Math.round(lifeMs / 1000)} s left).`,
        );
      }
      const state: WalletSessionState = { status: 'ready', clientSecret, ...(expiresAt !== undefined ? { expiresAt } : {}) };
      return lifeMs === undefined ? { state } : { state, renewAt: askedAt + renewalDelayMs(lifeMs, WALLET_SESSION_POLICY.renewBeforeMs) };
    } catch (reason) {
      last = isAborted(reason) ? undefined : toCheckoutError('session_failed', 'The wallet session request failed', reason);
    }
  }
  const why = last ? `${last.code}: ${last.message}` : 'no answer';
  return {
    state: {
      status: 'failed',
      error: checkoutError('wallets_unavailable', `No wallet session after ${maxAttempts} attempts (${why}). The card button stays.`, last),
    },
  };
}

function start(entry: Entry, source: SessionSource, timeoutMs: number, started?: StartedWalletSession): void {
  void obtain(source, timeoutMs, started).then(({ state, renewAt }) => {
    // Paid meanwhile (a wallet of the session before): this one belongs to nobody.
    if (entry.handle.state.get().status === 'spent') return;
    entry.handle.state.set(state);
    if (renewAt === undefined) return;
    entry.cancelRenewal = atMonotonic(renewAt, () => {
      // In use: a fresh session replaces it (the old one stays shown until then). Not in use: the next user asks.
      if (entry.users > 0) start(entry, source, timeoutMs);
      else entry.stale = true;
    });
  });
}

/**
 * The page's wallet session for this source: created on the first call (from `started`, the page's
 * own request, when it is this source's), the same handle for the later ones.
 */
export function walletSession(source: SessionSource, timeoutMs: number, started?: StartedWalletSession): WalletSessionHandle {
  const key = walletSessionKey(source);
  const found = entries.get(key);
  if (found && !found.stale) return found.handle;
  const entry: Entry = {
    users: 0,
    stale: false,
    cancelRenewal: () => {},
    handle: {
      state: createStore<WalletSessionState>({ status: 'pending' }),
      use() {
        entry.users++;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          entry.users--;
        };
      },
      consumed() {
        if (entries.get(key) === entry) entries.delete(key);
        entry.cancelRenewal();
        // The other buttons for this product re-render on this, and their lookup starts a fresh session.
        entry.handle.state.set({ status: 'spent' });
      },
    },
  };
  entries.set(key, entry);
  start(entry, source, timeoutMs, started);
  return entry.handle;
}

/** Tests only: a fresh page view. */
export function resetWalletSessions(): void {
  for (const entry of entries.values()) entry.cancelRenewal();
  entries.clear();
}
