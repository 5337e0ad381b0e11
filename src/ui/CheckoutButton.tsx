import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { CheckoutButtonProps, CheckoutError, ScriptState } from '../types';
import { SCRIPT_ERROR_CODES, toCheckoutError } from '../errors';
import { isBusy } from '../checkout/flow';
import { DEFAULT_CHECKOUT_ORIGINS, sessionTimeout } from '../checkout/policy';
import { runCheckout } from '../checkout/runCheckout';
import { checkPublishableKey } from '../stripe/keys';
import { preloadStripe } from '../stripe/preloadStripe';
import { useCheckoutEvents } from './useCheckoutEvents';
import { useFlow } from './useFlow';
import { useStripeScript } from './useStripeScript';
import { CheckoutDialog } from './CheckoutDialog';
import { installStyles } from './styles';
import { useLatest } from './useLatest';
import { useLifetimeSignal } from './useLifetimeSignal';
import { useLoadTrigger } from './useLoadTrigger';
import { useStateReporter } from './useStateReporter';
import { useCheckoutTexts } from './useCheckoutTexts';

function defaultRedirect(url: string): void {
  window.location.assign(url);
}

export function CheckoutButton(props: CheckoutButtonProps) {
  const { publishableKey, mode = 'redirect', loadOn = 'mount', disabled = false, className, children, nonce } = props;
  installStyles(nonce);
  const latest = useLatest(props);
  const { lang, messages } = useCheckoutTexts(props.stripeOptions?.locale, props.messages);
  const configError = useMemo(() => checkPublishableKey(publishableKey), [publishableKey]);
  const script = useStripeScript();
  const state: ScriptState = configError ? 'rejected' : script.state;
  const scriptError = configError ?? (script.state === 'rejected' ? script.error : undefined);

  const [flow, dispatch] = useFlow();
  const lifetime = useLifetimeSignal();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusAfterFailure = useRef(false);

  const load = useCallback(() => {
    const p = latest.current;
    return preloadStripe({
      publishableKey,
      stripeOptions: p.stripeOptions,
      loadTimeoutMs: p.loadTimeoutMs,
      maxLoadAttempts: p.maxLoadAttempts,
      nonce: p.nonce,
    });
  }, [publishableKey, latest]);
  const emit = useCheckoutEvents(latest);
  const startLoad = useCallback(() => void load(), [load]);
  const intentHandlers = useLoadTrigger(loadOn, startLoad, !configError);
  useStateReporter(configError, latest);

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
      focusAfterFailure.current = true;
      dispatch({ type: 'fail', error });
      latest.current.onError?.(error);
    },
    [dispatch, latest],
  );

  const embedded = mode === 'embedded';
  // Redirect mode leaves for Stripe's hosted page without Stripe.js: there the script is background
  // work, reported to the host but never shown to the person, and never in their way.
  const scriptGates = embedded || !!configError;
  const blocked = disabled || !!configError || (embedded && state === 'rejected');

  const onClick = async () => {
    if (blocked || !dispatch({ type: 'click' })) return;
    const sessionStart = emit({ type: 'session_start' }).at;
    const signal = lifetime.current.signal;
    const p = latest.current;
    // Embedded mode needs Stripe.js: start it alongside the session. Redirect mode does not wait
    // for it, and only starts it here when nothing has (`loadOn="click"`).
    const stripeReady = embedded || state === 'initial' ? load() : null;
    const outcome = await runCheckout({
      mode,
      createSession: p.createSession,
      sessionEndpoint: p.sessionEndpoint,
      sessionBody: p.sessionBody,
      sessionTimeoutMs: sessionTimeout(p.sessionTimeoutMs),
      allowedCheckoutOrigins: p.allowedCheckoutOrigins ?? DEFAULT_CHECKOUT_ORIGINS,
      signal,
    });
    if (outcome.kind === 'aborted' || signal.aborted) return;
    const ms = Math.round(performance.now() - sessionStart);
    emit(outcome.kind === 'failed' ? { type: 'session_end', ms, code: outcome.error.code } : { type: 'session_end', ms });
    if (outcome.kind === 'failed') return fail(outcome.error);
    if (outcome.kind === 'redirect') {
      // The origin only: the URL itself identifies the session.
      emit({ type: 'redirect', origin: new URL(outcome.url).origin });
      try {
        (p.redirect ?? defaultRedirect)(outcome.url);
      } catch (cause) {
        return fail(toCheckoutError('redirect_refused', 'The redirect function threw', cause));
      }
      // The default redirect leaves the page; a host's own may keep us on it.
      dispatch({ type: 'redirected', pageStays: !!p.redirect });
      return;
    }
    const loaded = await (stripeReady ?? load());
    if (signal.aborted) return;
    if (loaded.state !== 'resolved') {
      // The script's error is already shown, with its Try again where one can help.
      focusAfterFailure.current = true;
      dispatch({ type: 'scriptUnavailable' });
      return;
    }
    if (dispatch({ type: 'embed', stripe: loaded.stripe, clientSecret: outcome.clientSecret })) emit({ type: 'embedded_open' });
  };

  // Focus goes back to the button once it can take it: after the dialog is gone (while it is open the
  // page behind is inert), and after Try again, once the button is enabled again.
  const refocusButton = useRef(false);
  const closeDialog = useCallback(
    (completed = false) => {
      refocusButton.current = true;
      if (dispatch({ type: 'close' })) emit({ type: 'embedded_close', completed });
    },
    [dispatch, emit],
  );
  const dialogOpen = flow.phase === 'embedded';
  useEffect(() => {
    if (dialogOpen || blocked || !refocusButton.current) return;
    refocusButton.current = false;
    buttonRef.current?.focus();
  }, [dialogOpen, blocked]);

  const retry = () => {
    dispatch({ type: 'dismiss' });
    focusAfterFailure.current = true;
    refocusButton.current = true;
    startLoad();
  };

  const flowError = flow.phase === 'failed' ? flow.error : undefined;
  // The last failure stands in the DOM for the host whether or not the person is shown it.
  const standingError = flowError ?? scriptError;
  const shownError = flowError ?? (scriptGates ? scriptError : undefined);
  // No retry can fix a configuration error or a CSP that blocks Stripe.js.
  const offerRetry =
    embedded && !configError && state === 'rejected' && !!scriptError && SCRIPT_ERROR_CODES.has(scriptError.code) && scriptError.code !== 'script_blocked';
  const busy = isBusy(flow);
  const ariaBusy = busy || (embedded && state === 'pending');

  // After a failure the person caused (click, Try again), focus goes to what they can do next.
  const retryRef = useRef<HTMLButtonElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!shownError || !focusAfterFailure.current) return;
    focusAfterFailure.current = false;
    (retryRef.current ?? alertRef.current)?.focus();
  }, [shownError]);

  return (
    <div
      className={className ? `mfc-root ${className}` : 'mfc-root'}
      data-checkout-state={state}
      data-checkout-error={standingError?.code}
      lang={lang}
    >
      <button
        ref={buttonRef}
        type="button"
        className="mfc-button"
        disabled={blocked}
        aria-busy={ariaBusy}
        aria-disabled={busy || undefined}
        onClick={onClick}
        {...intentHandlers}
      >
        {ariaBusy && <span className="mfc-spinner" aria-hidden="true" />}
        {children ?? messages.buttonLabel}
      </button>
      <span className="mfc-sr-only" role="status">
        {ariaBusy ? messages.loading : ''}
      </span>
      {shownError && (
        <p ref={alertRef} role="alert" tabIndex={-1} className="mfc-alert">
          {messages[shownError.code]}
        </p>
      )}
      {offerRetry && (
        <button ref={retryRef} type="button" className="mfc-retry" onClick={retry}>
          {messages.tryAgain}
        </button>
      )}
      {flow.phase === 'embedded' && (
        <CheckoutDialog
          stripe={flow.stripe}
          clientSecret={flow.clientSecret}
          title={messages.dialogTitle}
          closeLabel={messages.closeDialog}
          onEmbeddedEvent={emit}
          onClose={() => closeDialog()}
          onComplete={() => {
            closeDialog(true);
            latest.current.onComplete?.();
          }}
          onFail={(error) => {
            emit({ type: 'embedded_close', completed: false });
            fail(error);
          }}
        />
      )}
    </div>
  );
}
