// Wallets mode's row above the card button, in a chunk of its own (WalletSlot.tsx fetches it only in
// that mode). Shown once Stripe.js resolved and the Express Checkout Element's `ready` named a wallet;
// until then nothing is shown and no space is kept. It appears only while the person is not aiming at
// the card button (useAboutToClick), so it never moves that button out from under a click.
import { useEffect, useMemo, useReducer, useRef, type CSSProperties, type RefObject } from 'react';
import type { CheckoutButtonProps, CheckoutEvent, ScriptState } from '../core/types';
import type { CheckoutEventInput } from '../core/events';
import type { Language } from '../i18n/languages';
import type { StripeLoadResult } from '../stripe/preloadStripe';
import { callHost } from '../core/hostCallback';
import { mountExpressCheckout } from '../checkout/expressCheckout';
import { rowInFlow, walletReducer, WAITING } from '../checkout/walletFlow';
import { WALLET_TEXTS } from '../i18n/texts/wallets';
import { useAboutToClick } from './useAboutToClick';
import { useNearViewport } from './useNearViewport';
import { useSheetHold } from './useSheetHold';
import { useWalletSession } from './useWalletSession';

export interface WalletRowProps {
  latest: { readonly current: CheckoutButtonProps };
  /** The page's Stripe.js state. */
  state: ScriptState;
  load: () => Promise<StripeLoadResult>;
  emit: (input: CheckoutEventInput) => CheckoutEvent;
  lang: Language;
  rootRef: RefObject<HTMLElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

const WIDTH: CSSProperties = { width: '18rem', maxWidth: '100%' };
// Out of the flow and out of sight (and of the tab order and the accessibility tree) while the
// element works out what this device offers: nothing moves, nothing empty shows.
const MEASURING: CSSProperties = { ...WIDTH, position: 'absolute', visibility: 'hidden', pointerEvents: 'none' };

/** The row's height at this moment, read through the ref when asked (at teardown: whatever element is there then). */
const heightNow = (ref: RefObject<HTMLElement | null>): number => ref.current?.offsetHeight ?? 0;

export function WalletRow({ latest, state, load, emit, lang, rootRef, buttonRef }: WalletRowProps) {
  const [row, dispatch] = useReducer(walletReducer, WAITING);
  const near = useNearViewport(rootRef, true);
  const aiming = useAboutToClick(buttonRef);
  const gone = row.phase === 'gone';
  // A session only for a button whose page is loading Stripe.js (as `loadOn` decides), created once it is near the viewport.
  const { session, handle } = useWalletSession(!gone && (state === 'pending' || state === 'resolved'), near, latest);
  const texts = useMemo(() => ({ ...WALLET_TEXTS[lang], ...latest.current.messages }), [lang, latest]);
  const elementRef = useRef<HTMLDivElement>(null);
  const heldHeight = useRef(0);
  const revealed = useRef(false);
  // What the element's handlers call, current at the time they run (not a dependency of the mount).
  const deps = useRef({ emit, handle });
  deps.current = { emit, handle };

  // A payment in flight, or a sheet that may be open, keeps its element: a renewed session is mounted after it.
  const [sheetOpen, setSheetOpen] = useSheetHold();
  const held = row.phase === 'paying' || sheetOpen;
  // Taken while Stripe.js still loads: the mount below waits on the load itself, so the element is
  // created the moment Stripe.js is there, not a render of the whole button later.
  const secret = session?.status === 'ready' && (state === 'pending' || state === 'resolved') && !gone ? session.clientSecret : null;
  const mountedSecret = useRef<string | null>(null);
  if (!held) mountedSecret.current = secret;
  const useSecret = mountedSecret.current;
  if (row.phase === 'waiting') revealed.current = false;

  // The session went (paid by another button for this product): its row leaves until a fresh one is ready.
  useEffect(() => {
    if (!useSecret) dispatch({ type: 'drop' });
  }, [useSecret]);

  useEffect(() => {
    if (session?.status !== 'failed') return;
    dispatch({ type: 'unavailable' });
    callHost(latest.current.onError, session.error);
  }, [session, latest]);

  useEffect(() => {
    if (!useSecret) return;
    let live = true;
    let destroy = () => {};
    let confirmedAt = 0;
    const report = (input: CheckoutEventInput) => deps.current.emit(input);
    void load().then((loaded) => {
      if (!live || loaded.state !== 'resolved' || !elementRef.current) return;
      dispatch({ type: 'mount' });
      destroy = mountExpressCheckout(loaded.stripe, useSecret, elementRef.current, {
        onReady(methods) {
          if (!live) return;
          dispatch({ type: 'ready', methods });
          if (methods.length) report({ type: 'wallets_ready', methods });
        },
        onUnavailable(error) {
          if (!live) return;
          dispatch({ type: 'unavailable' });
          callHost(latest.current.onError, error);
        },
        onFocus() {
          if (live) setSheetOpen(true);
        },
        onConfirm(method) {
          confirmedAt = performance.now();
          dispatch({ type: 'confirm' });
          report({ type: 'wallet_confirm', method });
        },
        onResult(result) {
          setSheetOpen(false);
          const ms = Math.round(performance.now() - confirmedAt);
          report(result.ok ? { type: 'wallet_result', ms } : { type: 'wallet_result', ms, code: result.error.code });
          dispatch(result.ok ? { type: 'result' } : { type: 'result', error: result.error });
          if (result.ok) {
            deps.current.handle?.consumed();
            callHost(latest.current.onComplete, { sessionId: result.sessionId });
          } else {
            callHost(latest.current.onError, result.error);
          }
        },
        onCancel() {
          setSheetOpen(false);
          dispatch({ type: 'cancel' });
          report({ type: 'wallet_cancel' });
        },
      });
    });
    return () => {
      live = false;
      // A renewed session's element takes the old one's place: the row keeps its height meanwhile.
      heldHeight.current = heightNow(elementRef);
      destroy();
    };
  }, [useSecret, load, latest, deps, setSheetOpen]);

  if (row.phase === 'waiting' && !useSecret) return null;
  if (gone) return null;
  const inFlow = rowInFlow(row) && (revealed.current || !aiming);
  if (inFlow) revealed.current = true;
  const error = row.phase === 'shown' ? row.error : undefined;
  const keep = row.phase === 'measuring' && heldHeight.current ? { minHeight: heldHeight.current } : null;
  return (
    <div
      className="mfc-wallets"
      data-wallets={inFlow ? row.phase : 'measuring'}
      role={inFlow ? 'group' : undefined}
      aria-label={inFlow ? texts.walletsLabel : undefined}
      style={inFlow ? { ...WIDTH, ...keep } : MEASURING}
    >
      <div ref={elementRef} />
      {error && (
        <p role="alert" className="mfc-alert" style={{ marginTop: '.5rem' }}>
          {texts[error.code as keyof typeof texts]}
        </p>
      )}
    </div>
  );
}
