import type { CheckoutError, CheckoutMode } from '../core/types';
import { toCheckoutError } from '../core/errors';
import { checkRedirectUrl } from './redirectUrl';
import { isAborted, requestSession, type SessionSource } from './session';

export interface CheckoutRun extends SessionSource {
  mode: CheckoutMode;
  sessionTimeoutMs: number;
  allowedCheckoutOrigins: readonly string[];
  signal: AbortSignal;
}

/** Where a click ends. Never a rejection: every failure is a value the view can show. */
export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'embedded'; clientSecret: string }
  | { kind: 'failed'; error: CheckoutError }
  | { kind: 'aborted' };

/** click → session → (redirect mode) URL check. Leaving the page or embedding is the caller's move. */
export async function checkoutOutcome(run: CheckoutRun): Promise<CheckoutOutcome> {
  try {
    // Wallets mode's card button leaves for the hosted page, as redirect mode does.
    const mode = run.mode === 'wallets' ? 'redirect' : run.mode;
    const session = await requestSession({ ...run, mode, timeoutMs: run.sessionTimeoutMs });
    if (run.signal.aborted) return { kind: 'aborted' };
    if ('clientSecret' in session) return { kind: 'embedded', clientSecret: session.clientSecret };
    const refused = checkRedirectUrl(session.url, run.allowedCheckoutOrigins);
    return refused ? { kind: 'failed', error: refused } : { kind: 'redirect', url: session.url };
  } catch (reason) {
    if (isAborted(reason) || run.signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', error: toCheckoutError('session_failed', 'Starting the checkout failed unexpectedly', reason) };
  }
}
