import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutButtonProps, CheckoutError, ScriptState } from '../types';
import { checkoutError, SCRIPT_ERROR_CODES } from '../checkout/errors';
import { runCheckout } from '../checkout/runCheckout';
import { checkPublishableKey } from '../stripe/keys';
import { DEFAULT_CHECKOUT_ORIGINS, DEFAULT_SESSION_TIMEOUT_MS } from '../stripe/policy';
import { preloadStripe } from '../stripe/preloadStripe';
import { useStripeScript } from '../stripe/useStripeScript';
import { CheckoutDialog } from './CheckoutDialog';
import { installStyles } from './styles';
import { useLatest } from './useLatest';
import { useLifetimeSignal } from './useLifetimeSignal';
import { useLoadTrigger } from './useLoadTrigger';
import { useStateReporter } from './useStateReporter';
import { useCheckoutTexts } from './useCheckoutTexts';

type Embedded = { stripe: Stripe; clientSecret: string };

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

  const [busy, setBusy] = useState(false);
  const [flowError, setFlowError] = useState<CheckoutError | null>(null);
  const [embedded, setEmbedded] = useState<Embedded | null>(null);
  const inFlight = useRef(false);
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
  const startLoad = useCallback(() => void load(), [load]);
  const intentHandlers = useLoadTrigger(loadOn, startLoad, !configError);
  useStateReporter(configError, latest);

  // Back from the hosted page through the back/forward cache: the page is live again, the button too.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        inFlight.current = false;
        setBusy(false);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const fail = useCallback(
    (error: CheckoutError) => {
      inFlight.current = false;
      focusAfterFailure.current = true;
      setBusy(false);
      setFlowError(error);
      latest.current.onError?.(error);
    },
    [latest],
  );

  const blocked = disabled || !!configError || (mode === 'embedded' && state === 'rejected');

  const onClick = async () => {
    if (inFlight.current || blocked) return;
    inFlight.current = true;
    setBusy(true);
    setFlowError(null);
    const signal = lifetime.current.signal;
    const p = latest.current;
    // Embedded mode needs Stripe.js: start it alongside the session. Redirect mode does not wait
    // for it, and only starts it here when nothing has (`loadOn="click"`).
    const stripeReady = mode === 'embedded' || state === 'initial' ? load() : null;
    const outcome = await runCheckout({
      mode,
      createSession: p.createSession,
      sessionEndpoint: p.sessionEndpoint,
      sessionBody: p.sessionBody,
      sessionTimeoutMs: p.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
      allowedCheckoutOrigins: p.allowedCheckoutOrigins ?? DEFAULT_CHECKOUT_ORIGINS,
      signal,
    });
    if (outcome.kind === 'aborted' || signal.aborted) return;
    if (outcome.kind === 'failed') return fail(outcome.error);
    if (outcome.kind === 'redirect') {
      const redirect = p.redirect ?? defaultRedirect;
      try {
        redirect(outcome.url);
      } catch (cause) {
        return fail(checkoutError('redirect_refused', 'The redirect function threw.', cause));
      }
      // The default redirect leaves the page: stay busy so more clicks cannot start a second session.
      // A host's own redirect may keep us on the page, so the button is usable again.
      if (p.redirect) {
        inFlight.current = false;
        setBusy(false);
      }
      return;
    }
    const loaded = await (stripeReady ?? load());
    if (signal.aborted) return;
    if (loaded.state !== 'resolved') {
      // The script error is already shown with its Try again; this click simply ends.
      inFlight.current = false;
      focusAfterFailure.current = true;
      setBusy(false);
      return;
    }
    setEmbedded({ stripe: loaded.stripe, clientSecret: outcome.clientSecret });
  };

  // Focus goes back to the button once the dialog is gone: while it is open, the page behind it
  // (the button too) is inert and cannot take focus.
  const refocusButton = useRef(false);
  const closeDialog = useCallback(() => {
    inFlight.current = false;
    refocusButton.current = true;
    setEmbedded(null);
    setBusy(false);
  }, []);
  useEffect(() => {
    if (embedded || !refocusButton.current) return;
    refocusButton.current = false;
    buttonRef.current?.focus();
  }, [embedded]);

  const retry = () => {
    setFlowError(null);
    focusAfterFailure.current = true;
    buttonRef.current?.focus();
    startLoad();
  };

  const shownError = flowError ?? scriptError ?? null;
  const offerRetry = !configError && state === 'rejected' && !!scriptError && SCRIPT_ERROR_CODES.has(scriptError.code);
  const ariaBusy = state === 'pending' || busy;

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
      data-checkout-error={shownError?.code}
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
      {embedded && (
        <CheckoutDialog
          stripe={embedded.stripe}
          clientSecret={embedded.clientSecret}
          title={messages.dialogTitle}
          closeLabel={messages.closeDialog}
          onClose={closeDialog}
          onComplete={() => {
            closeDialog();
            latest.current.onComplete?.();
          }}
          onFail={(error) => {
            setEmbedded(null);
            fail(error);
          }}
        />
      )}
    </div>
  );
}
