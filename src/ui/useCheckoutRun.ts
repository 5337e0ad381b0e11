import { useCallback, useEffect } from 'react';
import type { CheckoutButtonProps, CheckoutError, CheckoutEvent, ScriptState } from '../types';
import type { FlowAction } from '../checkout/flow';
import { flowSettings } from '../checkout/policy';
import { runCheckout } from '../checkout/runCheckout';
import { toCheckoutError } from '../errors';
import { callHost } from '../hostCallback';
import { now, type CheckoutEventInput } from '../events';
import type { StripeLoadResult } from '../stripe/preloadStripe';
import { useLifetimeSignal } from './useLifetimeSignal';

function defaultRedirect(url: string): void {
  window.location.assign(url);
}

export interface CheckoutRunDeps {
  latest: { readonly current: CheckoutButtonProps };
  /** The page's script state as this render saw it. */
  state: ScriptState;
  load: () => Promise<StripeLoadResult>;
  dispatch: (action: FlowAction) => boolean;
  emit: (input: CheckoutEventInput) => CheckoutEvent;
  /** A failure the person caused, after the flow took it (focus moves to what they can do next). */
  onFailure: () => void;
}

export interface CheckoutRunHandlers {
  /** The click: session → checked redirect, or session → embedded Checkout. */
  start: () => Promise<void>;
  /** A failure of the flow: shown, and told to the host's `onError`. */
  fail: (error: CheckoutError) => void;
}

/** What a click sets going, with its telemetry. Every path ends in a flow action; nothing acts after unmount. */
export function useCheckoutRun({ latest, state, load, dispatch, emit, onFailure }: CheckoutRunDeps): CheckoutRunHandlers {
  const lifetime = useLifetimeSignal();

  // Back from the hosted page through the back/forward cache: the page is live again, the button too.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: 'restored' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [dispatch]);

  const fail = useCallback(
    (error: CheckoutError) => {
      onFailure();
      dispatch({ type: 'fail', error });
      callHost(latest.current.onError, error);
    },
    [dispatch, latest, onFailure],
  );

  const start = async () => {
    if (!dispatch({ type: 'click' })) return;
    const sessionStart = emit({ type: 'session_start' }).at;
    const signal = lifetime.current.signal;
    const p = latest.current;
    const { mode, sessionTimeoutMs, allowedCheckoutOrigins } = flowSettings(p);
    // Embedded mode needs Stripe.js: start it alongside the session. Redirect mode does not wait
    // for it, and only starts it here when nothing has (`loadOn="click"`).
    const stripeReady = mode === 'embedded' || state === 'initial' ? load() : null;
    const { createSession, sessionEndpoint, sessionBody } = p;
    const outcome = await runCheckout({ mode, createSession, sessionEndpoint, sessionBody, sessionTimeoutMs, allowedCheckoutOrigins, signal });
    if (outcome.kind === 'aborted' || signal.aborted) return;
    const ms = Math.round(now() - sessionStart);
    emit(outcome.kind === 'failed' ? { type: 'session_end', ms, code: outcome.error.code } : { type: 'session_end', ms });
    if (outcome.kind === 'failed') return fail(outcome.error);
    if (outcome.kind === 'redirect') {
      // The origin only: the URL itself identifies the session.
      emit({ type: 'redirect', origin: new URL(outcome.url).origin });
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
    if (dispatch({ type: 'embed', stripe: loaded.stripe, clientSecret: outcome.clientSecret })) emit({ type: 'embedded_open' });
  };

  return { start, fail };
}
