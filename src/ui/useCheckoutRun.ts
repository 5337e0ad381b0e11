import { useCallback, useRef, type ComponentType } from 'react';
import type { CheckoutButtonProps, CheckoutError, CheckoutEvent, ScriptState } from '../core/types';
import type { FlowAction } from '../checkout/flow';
import { flowSettings } from '../checkout/policy';
import { toCheckoutError } from '../core/errors';
import { callHost } from '../core/hostCallback';
import { lazyChunk } from '../core/lazyChunk';
import { now, type CheckoutEventInput } from '../core/events';
import type { Language } from '../i18n/languages';
import type { ClickMessages } from '../i18n/texts/click';
import type { CheckoutDialogProps } from './CheckoutDialog';
import type { StripeLoadResult } from '../stripe/preloadStripe';
import { useLifetimeSignal } from './useLifetimeSignal';
import { postPlainForm } from './postPlainForm';

// What a click runs (clickRun.ts: the session, the URL check, the redirect or the embed) is not
// needed to show the button: a chunk of its own, fetched once the page is idle after start-up, or at
// the first click if sooner.
const clickCode = lazyChunk(() => import('./clickRun'), { whenIdle: true });

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
  /**
   * The built-in texts of a session's failures and of the server's wait, in `lang`: there once the
   * click's code has arrived, as each of them follows a click.
   */
  clickTexts: (lang: Language) => ClickMessages | undefined;
  /** Embedded mode's dialog: there once the click's code has arrived, as only a click opens it. */
  Dialog: ComponentType<CheckoutDialogProps> | undefined;
}

/** What a click sets going, with its telemetry. Every path ends in a flow action; nothing acts after unmount. */
export function useCheckoutRun({ latest, state, load, dispatch, emit, onFailure }: CheckoutRunDeps): CheckoutRunHandlers {
  const lifetime = useLifetimeSignal();
  // Once the click's code has arrived: every text it brings, and the dialog, follow a click.
  const clickModule = useRef<typeof import('./clickRun')>(undefined);

  const fail = useCallback(
    (error: CheckoutError) => {
      onFailure();
      dispatch({ type: 'fail', error, at: now() });
      callHost(latest.current.onError, error);
    },
    [dispatch, latest, onFailure],
  );

  const start = async () => {
    if (!dispatch({ type: 'click', at: now() })) return;
    const sessionStart = emit({ type: 'session_start' }).at;
    const signal = lifetime.current.signal;
    const props = latest.current;
    // Embedded mode needs Stripe.js: start it alongside the session. Redirect mode does not wait
    // for it, and only starts it here when nothing has (`loadOn="click"`).
    const settings = flowSettings(props);
    const stripeReady = settings.mode === 'embedded' || state === 'initial' ? load() : null;
    let code: typeof import('./clickRun');
    try {
      code = await clickCode.load();
      clickModule.current = code;
    } catch (cause) {
      if (signal.aborted) return;
      const error = toCheckoutError('session_failed', 'The checkout could not start: its code could not be fetched', cause);
      emit({ type: 'session_end', ms: Math.round(now() - sessionStart), code: error.code });
      // Refused for its bytes, the click's code would be refused again at every click: the plain
      // form's post pays without it (as when the remote is down), and the host hears why.
      if (error.code === 'script_integrity_failed' && props.sessionEndpoint) {
        callHost(props.onError, error);
        dispatch({ type: 'redirected', pageStays: false });
        return postPlainForm(props.sessionEndpoint, props.sessionBody);
      }
      return fail(error);
    }
    await code.runClick({ props, settings, signal, sessionStart, stripeReady, load, dispatch, emit, fail, onFailure });
  };

  return { start, fail, clickTexts: (lang) => clickModule.current?.CLICK_TEXTS[lang], Dialog: clickModule.current?.CheckoutDialog };
}
