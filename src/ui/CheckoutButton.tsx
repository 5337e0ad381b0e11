import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CheckoutButtonProps, ScriptState } from '../core/types';
import { SCRIPT_ERROR_CODES } from '../core/errors';
import { callHost } from '../core/hostCallback';
import { now } from '../core/events';
import { isBusy } from '../checkout/flow';
import { checkOptions } from '../checkout/options';
import { formFields, newFormKey } from '../checkout/formFields';
import { sessionBodyError } from '../checkout/sessionBody';
import { flowSettings } from '../checkout/policy';
import { checkPublishableKey } from '../stripe/keys';
import { preloadStripe } from '../stripe/preloadStripe';
import { CheckoutRoot } from './CheckoutRoot';
import { installStyles, styleScopeOf } from './styles';
import { useCheckoutEvents } from './useCheckoutEvents';
import { useCheckoutRun } from './useCheckoutRun';
import { useCheckoutTexts } from './useCheckoutTexts';
import { useFlow } from './useFlow';
import { useFocusAfterFailure, useRefocusButton } from './useFocusAfterFailure';
import { useLatest } from './useLatest';
import { useLoadTrigger } from './useLoadTrigger';
import { useServerRender } from './useServerRender';
import { useStateReporter } from './useStateReporter';
import { useStripeScript } from './useStripeScript';
import { useWaiting } from './useWaiting';
import { usePriceLabel } from './usePriceLabel';
import { useScriptFailureTexts } from './useScriptFailureTexts';
import { WalletSlot } from './WalletSlot';

export function CheckoutButton(props: CheckoutButtonProps) {
  const { publishableKey, disabled = false, className, children, nonce } = props;
  const { mode, loadOn } = flowSettings(props);
  const rootRef = useRef<HTMLElement>(null);
  // Before the first paint, into the scope the button is rendered in: a shadow root gets its own.
  useLayoutEffect(() => installStyles(styleScopeOf(rootRef.current!), nonce), [nonce]);
  const latest = useLatest(props);
  const { lang, messages } = useCheckoutTexts(props.stripeOptions?.locale, props.messages);
  const priceLabel = usePriceLabel(props.price, lang);
  const optionsError = useMemo(
    () => checkPublishableKey(publishableKey) ?? checkOptions({ mode: props.mode, loadOn: props.loadOn }),
    [publishableKey, props.mode, props.loadOn],
  );
  // Outside the memo: a sessionBody written inline is a new object each render, and its verdict is
  // one value per reason, so the same failure is not reported again at each render.
  const configError = optionsError ?? sessionBodyError(props.sessionBody);
  const script = useStripeScript();
  const state: ScriptState = configError ? 'rejected' : script.state;
  const scriptError = configError ?? (script.state === 'rejected' ? script.error : undefined);

  const load = useCallback(() => {
    const { stripeOptions, loadTimeoutMs, maxLoadAttempts, nonce } = latest.current;
    return preloadStripe({ publishableKey, stripeOptions, loadTimeoutMs, maxLoadAttempts, nonce });
  }, [publishableKey, latest]);
  const startLoad = useCallback(() => void load(), [load]);
  const intentHandlers = useLoadTrigger(loadOn, startLoad, !configError);
  useStateReporter(configError, latest);
  const emit = useCheckoutEvents(latest);

  const embedded = mode === 'embedded';
  // Redirect mode leaves for Stripe's hosted page without Stripe.js: there the script is background
  // work, reported to the host but never shown to the person, and never in their way.
  const scriptGates = embedded || !!configError;
  const blocked = disabled || !!configError || (embedded && state === 'rejected');
  const failureTexts = useScriptFailureTexts(embedded, lang, messages.session_failed);

  const [flow, dispatch] = useFlow();
  const flowError = flow.phase === 'failed' ? flow.error : undefined;
  // The last failure stands in the DOM for the host whether or not the person is shown it.
  const standingError = flowError ?? scriptError;
  // A script failure is shown with its text (embedded mode's chunk), not before it.
  const scriptShown = scriptGates && (configError || failureTexts) ? scriptError : undefined;
  const shownError = flowError ?? scriptShown;
  // The server asked to wait (429, Retry-After): until then a click is refused, and the alert says to wait.
  const waiting = useWaiting(flow.phase === 'failed' ? flow.retryAt : undefined);
  const focus = useFocusAfterFailure(shownError);
  const { buttonRef, refocusLater } = useRefocusButton(flow.phase !== 'embedded' && !blocked);
  const run = useCheckoutRun({ latest, state, load, dispatch, emit, onFailure: focus.expectFailure });

  const retry = () => {
    dispatch({ type: 'dismiss', at: now() });
    focus.expectFailure();
    refocusLater();
    startLoad();
  };

  // No retry can fix a configuration error or a CSP that blocks Stripe.js. Without a configuration
  // error, a script error is there only while the script is rejected.
  const offerRetry =
    embedded && !configError && !!scriptShown && SCRIPT_ERROR_CODES.has(scriptShown.code) && scriptShown.code !== 'script_blocked';
  const busy = isBusy(flow);
  // A session's failures and the wait are said in texts that came with the click's code (the host's own first).
  const alertTexts = shownError ? { ...run.clickTexts(lang), ...failureTexts, ...messages } : messages;
  const ariaBusy = busy || (embedded && state === 'pending');
  // Server-rendered with an endpoint: a form that pays before hydration, or with no script at all.
  const server = useServerRender();
  // Made by the server for its HTML (and again by hydration, which no submit uses: it is prevented).
  const [formKey] = useState(() => (server.prerendering ? newFormKey() : ''));
  const form =
    server.fromServer && props.sessionEndpoint
      ? { action: props.sessionEndpoint, fields: formFields(props.sessionBody, props.lines), formKey }
      : null;

  return (
    <CheckoutRoot
      rootRef={rootRef}
      className={className ? `mfc-root ${className}` : 'mfc-root'}
      state={state}
      error={standingError?.code}
      lang={lang}
      form={form}
      inlineStyles={server.prerendering}
      nonce={nonce}
    >
      {mode === 'wallets' && !configError && (
        <WalletSlot latest={latest} state={state} load={load} emit={emit} lang={lang} rootRef={rootRef} buttonRef={buttonRef} />
      )}
      <button
        ref={buttonRef}
        type={form && server.prerendering ? 'submit' : 'button'}
        className="mfc-button"
        disabled={blocked}
        aria-busy={ariaBusy}
        aria-disabled={busy || waiting || undefined}
        onClick={blocked ? undefined : () => void run.start()}
        {...intentHandlers}
      >
        {ariaBusy && <span className="mfc-spinner" aria-hidden="true" />}
        {children ?? priceLabel ?? messages.buttonLabel}
      </button>
      <span className="mfc-sr-only" role="status">
        {ariaBusy ? messages.loading : ''}
      </span>
      {shownError && (
        <p ref={focus.alertRef} role="alert" tabIndex={-1} className="mfc-alert">
          {/* The wallets' own failures are shown by their row, with its texts. */}
          {(waiting && alertTexts.sessionWait) || alertTexts[shownError.code as keyof typeof alertTexts]}
        </p>
      )}
      {offerRetry && (
        <button ref={focus.retryRef} type="button" className="mfc-retry" onClick={retry}>
          {messages.tryAgain}
        </button>
      )}
      {flow.phase === 'embedded' && run.Dialog && (
        <run.Dialog
          stripe={flow.stripe}
          clientSecret={flow.clientSecret}
          lang={lang}
          nonce={nonce}
          title={messages.dialogTitle}
          closeLabel={messages.closeDialog}
          emit={emit}
          close={() => {
            refocusLater();
            return dispatch({ type: 'close' });
          }}
          complete={(completion) => callHost(latest.current.onComplete, completion)}
          fail={run.fail}
        />
      )}
    </CheckoutRoot>
  );
}
