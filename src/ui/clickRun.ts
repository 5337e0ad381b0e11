// What a click runs once it has started: the session (checkout/outcome.ts, with the URL check), then
// the redirect or the embed, with their telemetry. None of it is needed to show the button: it is a
// chunk of its own (useCheckoutRun.ts), fetched once the page is idle after start-up, or at the
// first click if sooner.
import type { CheckoutButtonProps, CheckoutError, CheckoutEvent } from '../core/types';
import type { FlowAction } from '../checkout/flow';
import type { FlowSettings } from '../checkout/policy';
import { checkoutOutcome } from '../checkout/outcome';
import { bodyWithLines } from '../checkout/requestBody';
import { toCheckoutError } from '../core/errors';
import { now, type CheckoutEventInput } from '../core/events';
import type { StripeLoadResult } from '../stripe/preloadStripe';

// Only a click can end in a session's failures or the server's wait: their texts come with its code.
export { CLICK_TEXTS } from '../i18n/texts/click';
// Only a click can open embedded mode's dialog: its wrapper (which fetches the dialog's own chunk) comes with its code.
export { CheckoutDialog } from './CheckoutDialog';

function defaultRedirect(url: string): void {
  window.location.assign(url);
}

export interface ClickRun {
  /** The props as the click saw them, and their flow settings (defaults applied). */
  props: CheckoutButtonProps;
  settings: FlowSettings;
  signal: AbortSignal;
  /** When `session_start` was emitted. */
  sessionStart: number;
  /** Stripe.js, when the click started it (embedded mode, or nothing had started it). */
  stripeReady: Promise<StripeLoadResult> | null;
  load: () => Promise<StripeLoadResult>;
  dispatch: (action: FlowAction) => boolean;
  emit: (input: CheckoutEventInput) => CheckoutEvent;
  fail: (error: CheckoutError) => void;
  onFailure: () => void;
}

const watching = new WeakSet<AbortSignal>();

/**
 * Back from the hosted page through the back/forward cache: the page is live again, the button too.
 * Only a page that was left comes back so: listened to from a button's first redirect until it unmounts.
 */
function watchReturn(signal: AbortSignal, dispatch: ClickRun['dispatch']): void {
  if (watching.has(signal)) return;
  watching.add(signal);
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) dispatch({ type: 'restored' });
  };
  window.addEventListener('pageshow', onPageShow);
  signal.addEventListener('abort', () => window.removeEventListener('pageshow', onPageShow));
}

/** session → checked redirect, or session → embedded Checkout. Every path ends in a flow action. */
export async function runClick({
  props: p,
  settings,
  signal,
  sessionStart,
  stripeReady,
  load,
  dispatch,
  emit,
  fail,
  onFailure,
}: ClickRun): Promise<void> {
  const { mode, sessionTimeoutMs, allowedCheckoutOrigins } = settings;
  const { createSession, sessionEndpoint } = p;
  const sessionBody = bodyWithLines(p.sessionBody, p.lines);
  const outcome = await checkoutOutcome({
    mode,
    createSession,
    sessionEndpoint,
    sessionBody,
    sessionTimeoutMs,
    allowedCheckoutOrigins,
    signal,
  });
  if (outcome.kind === 'aborted' || signal.aborted) return;
  const ms = Math.round(now() - sessionStart);
  emit(outcome.kind === 'failed' ? { type: 'session_end', ms, code: outcome.error.code } : { type: 'session_end', ms });
  if (outcome.kind === 'failed') return fail(outcome.error);
  if (outcome.kind === 'redirect') {
    // The origin only: the URL itself identifies the session.
    emit({ type: 'redirect', origin: new URL(outcome.url).origin });
    watchReturn(signal, dispatch);
    let left: void | boolean;
    try {
      left = p.redirect ? p.redirect(outcome.url) : (defaultRedirect(outcome.url), true);
    } catch (cause) {
      return fail(toCheckoutError('redirect_refused', 'The redirect function threw', cause));
    }
    // The default redirect leaves the page; a host's own may keep us on it.
    dispatch({ type: 'redirected', pageStays: left !== true });
    return;
  }
  const loaded = await (stripeReady ?? load());
  if (signal.aborted) return;
  if (loaded.state !== 'resolved') {
    // The script's error is already shown, with its Try again where one can help.
    onFailure();
    dispatch({ type: 'scriptUnavailable' });
    return;
  }
  // `embedded_open` comes from the dialog, once it is on screen (CheckoutButton.tsx).
  dispatch({ type: 'embed', stripe: loaded.stripe, clientSecret: outcome.clientSecret });
}
