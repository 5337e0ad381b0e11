// The public types of the checkout remote, in one place. The README is their spec.
import type { ReactNode } from 'react';

/** Where loading the provider's script (Stripe.js) stands. */
export type ScriptState = 'initial' | 'pending' | 'resolved' | 'rejected';

export type CheckoutErrorCode =
  | 'secret_key' // sk_… or rk_… given: refused before any network request
  | 'invalid_key' // not a publishable key
  | 'invalid_option' // mode or loadOn is not one of its values: refused before any network request
  | 'script_load_failed' // network error loading the script
  | 'script_timeout' // no answer within loadTimeoutMs (after the attempts)
  | 'script_blocked' // a Content-Security-Policy blocked the script
  | 'stripe_unavailable' // the script loaded but window.Stripe is missing
  | 'session_failed' // createSession threw / endpoint answered non-2xx or not JSON
  | 'session_timeout' // no session within sessionTimeoutMs
  | 'invalid_session' // the session has no usable url / clientSecret
  | 'redirect_refused' // url not https or origin not allowed
  | 'embedded_failed' // embedded Checkout could not start
  | 'script_integrity_failed' // a script of the remote (not Stripe.js) arrived with other bytes than its release's: refused for its integrity, none of it ran
  | WalletErrorCode;

/** Wallets mode: the row's own failures. The card button is unaffected by each of them. */
export type WalletErrorCode =
  | 'wallets_unavailable' // the wallet session could not be had (after its attempts), or the element's `loaderror`: card button only
  | 'wallet_declined' // confirm: the wallet's card was declined (`paymentFailed`)
  | 'wallet_failed'; // confirm failed without a decline

/** `message` is for developers (what failed, where, how often); people see `messages[code]`. */
export interface CheckoutError {
  code: CheckoutErrorCode;
  message: string;
  cause?: unknown;
  /**
   * `session_failed` only: the session endpoint asked to wait this long (429 or 503 with
   * `Retry-After`). The button takes no click until the wait is over.
   */
  retryAfterMs?: number;
}

/**
 * What a session provider answers: a hosted page URL (redirect) or a client secret (embedded, and the
 * wallet session of wallets mode, with `expiresAt`: Stripe's `expires_at`, seconds since the epoch,
 * and `expiresIn`: the seconds it has left, read on the server's clock). The button renews a wallet
 * session from `expiresIn`; without it, from `expiresAt` read on the device's clock, which may be off.
 */
export type SessionResult = { url: string } | { clientSecret: string; expiresAt?: number; expiresIn?: number };

/**
 * A payment completed in the page (embedded Checkout, or a wallet): the Checkout Session it paid.
 * Read the order's status by this id from your server, as the return page does with `?session_id=`.
 */
export interface CheckoutCompletion {
  /** The Checkout Session's id (`cs_…`). */
  sessionId: string;
}

/**
 * The kind of Checkout Session asked for: a hosted page to leave for (`redirect`, Checkout Session
 * `ui_mode` `hosted_page`), a client secret to embed (`embedded`, `embedded_page`), or the wallet
 * session of wallets mode (`wallets`, `elements`), asked for ahead of a click. The button sends it as
 * `mode` in the session endpoint's body; wallets mode's card button asks for `redirect`.
 */
export type SessionMode = CheckoutMode;

/** What `sessionEndpoint` receives as JSON: the host's `sessionBody` fields, and `mode` (always the button's). */
/** One line of a cart: a product of the server's catalog and how many (the product's minimum when absent). */
export interface CartLine {
  productId: string;
  quantity?: number;
}

/** What a click buys: the total in the currency's smallest unit (cents), and for a plan its period and trial. */
export interface PriceSummary {
  amount: number;
  /** ISO 4217 ("eur"). */
  currency: string;
  recurring?: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount?: number };
  trialDays?: number;
}

export type SessionRequestBody = Record<string, unknown> & { mode: SessionMode };

export interface SessionContext {
  /** Fresh per click (per wallet session); send it to Stripe as the idempotency key of the session creation. */
  idempotencyKey: string;
  /** The kind of session wanted: wallets mode asks for `wallets` ahead of a click, and `redirect` at the card button's click. */
  mode: SessionMode;
  /** Aborted on timeout and on unmount. */
  signal: AbortSignal;
}

/** `wallets`: Apple Pay, Google Pay and Link above a card button that leaves as `redirect` does. */
export type CheckoutMode = 'redirect' | 'embedded' | 'wallets';
export type LoadOn = 'mount' | 'idle' | 'intent' | 'click';

export interface StripeInstanceOptions {
  locale?: string;
  stripeAccount?: string;
}

/** Every text a person can see; each one can be replaced through the `messages` prop. */
export interface CheckoutMessages extends Record<CheckoutErrorCode, string> {
  /** Button label when no children are given. */
  buttonLabel: string;
  /** Announced while the provider's script or a session is in flight. */
  loading: string;
  /** Shown after a script failure, starts a fresh load. */
  tryAgain: string;
  /** Instead of `session_failed` while the server's wait (429 with Retry-After) runs: the button waits too. */
  sessionWait: string;
  /** Embedded mode: the dialog's accessible name and its close button. */
  dialogTitle: string;
  closeDialog: string;
  /** Wallets mode: the accessible name of the row of wallet buttons. */
  walletsLabel: string;
}

/** Wallets mode's texts, shipped with its chunk (src/i18n/texts/wallets.ts), not with the button. */
export type WalletMessageKey = WalletErrorCode | 'walletsLabel';
/**
 * Texts only a click can lead to, shipped with the chunk that shows them: the wait's and the
 * session's failures with the click's (src/i18n/texts/click.ts), the dialog's with the dialog
 * (src/i18n/texts/dialog.ts).
 */
export type LaterMessageKey =
  'sessionWait' | 'session_timeout' | 'invalid_session' | 'redirect_refused' | 'embedded_failed' | 'dialogTitle' | 'closeDialog';
/**
 * What embedded mode says when Stripe.js cannot run, shipped in a chunk of its own that an
 * embedded-mode button fetches when it first renders (src/i18n/texts/scriptFailures.ts).
 */
export type ScriptFailureMessageKey = 'script_load_failed' | 'script_timeout' | 'script_blocked' | 'stripe_unavailable';
/** The texts that ship with the button itself. */
export type ButtonMessages = Omit<CheckoutMessages, WalletMessageKey | LaterMessageKey | ScriptFailureMessageKey>;

export type StateChangeListener = (state: ScriptState, error?: CheckoutError) => void;

/**
 * Telemetry, for monitoring the button in production. `at` is `performance.now()` in ms. Events
 * never carry a key, a client secret, a session URL or anything the person typed.
 */
export type CheckoutEvent = { at: number } & (
  | { type: 'script_attempt'; attempt: number }
  | { type: 'script_attempt_failed'; attempt: number; code: CheckoutErrorCode; ms: number }
  | { type: 'script_resolved'; attempts: number; ms: number }
  | { type: 'script_rejected'; attempts: number; code: CheckoutErrorCode; ms: number }
  | { type: 'session_start' }
  | { type: 'session_end'; ms: number; code?: CheckoutErrorCode }
  | { type: 'redirect'; origin: string }
  | { type: 'embedded_open' }
  | { type: 'embedded_close'; completed: boolean }
  /** Embedded Checkout's own `onAnalyticsEvent`: Stripe's event name only (`checkoutRendered`, `checkoutSubmitted`, …). */
  | { type: 'embedded_analytics'; name: string }
  /** Embedded Checkout's `onComplete`. */
  | { type: 'embedded_complete' }
  /** Wallets mode: the row is shown, with the wallets this device offers (`applePay`, `googlePay`, `link`, …). */
  | { type: 'wallets_ready'; methods: string[] }
  /** A wallet authorised the payment (`apple_pay`, `google_pay`, `link`, …). */
  | { type: 'wallet_confirm'; method: string }
  /** How that payment ended, `ms` after `wallet_confirm`; `code` when it did not succeed. */
  | { type: 'wallet_result'; ms: number; code?: CheckoutErrorCode }
  /** The wallet's sheet was closed without paying. */
  | { type: 'wallet_cancel' }
  /**
   * A script of the remote (`url`, one of its chunks) arrived but the browser refused to run it: its
   * bytes are not the ones its integrity names (changed on the way, or on the server). Alert on it.
   */
  | { type: 'script_integrity_failed'; url: string }
);

export type CheckoutEventType = CheckoutEvent['type'];
export type CheckoutEventListener = (event: CheckoutEvent) => void;

/**
 * A wallet session request the page sent before the button rendered (the host kit's
 * `startWalletSession`, at page start): the endpoint, the exact JSON body and Idempotency-Key it
 * sent, and the fetch's response. A button in wallets mode uses it only where it would have sent
 * exactly that request itself, once per page view; its retries reuse the key, its renewals ask anew.
 */
export interface StartedWalletSession {
  endpoint: string;
  body: string;
  idempotencyKey: string;
  response: Promise<Response>;
}

export interface CheckoutButtonProps {
  /** pk_test_… or pk_live_…; secret (sk_) and restricted (rk_) keys are refused before any request. */
  publishableKey: string;
  /** One of the two ways to get a Checkout Session: your own function… */
  createSession?: (ctx: SessionContext) => Promise<SessionResult>;
  /**
   * …or an endpoint: POST, JSON body `{ ...sessionBody, mode }`, header Idempotency-Key; JSON reply
   * SessionResult. A non-2xx reply's JSON `{ error }` goes into the CheckoutError's message.
   */
  sessionEndpoint?: string;
  /**
   * A plain JSON object (your cart, your product id); anything else is refused as `invalid_option`.
   * `mode` is the button's: one in here is replaced.
   */
  sessionBody?: object;
  /**
   * A cart: sent as `lines` beside `sessionBody`'s fields (and as the form's `lines[i][productId]`,
   * `lines[i][quantity]` fields); the server checks each against its catalog. One line is the same as
   * `sessionBody: { productId, quantity }`.
   */
  lines?: readonly CartLine[];
  /**
   * Wallets mode: the wallet session the page asked for already (`startWalletSession` of
   * `@checkout/host-kit`), so the wallets need not wait for the button to render to ask for it.
   */
  walletSession?: StartedWalletSession;
  /** What a click buys, said on the button ("Pay €36.00", "Subscribe, €9.00 a month"); `children` wins. */
  price?: PriceSummary;

  /** Default 'redirect'. `wallets`: the device's wallets above the card button, once Stripe.js can pay. */
  mode?: CheckoutMode;
  /** When to load Stripe.js. Default 'mount'. */
  loadOn?: LoadOn;
  /** Per attempt. Default 10000. */
  loadTimeoutMs?: number;
  /** Default 3; 1 = no automatic retry. */
  maxLoadAttempts?: number;
  /** Default 15000. */
  sessionTimeoutMs?: number;
  /** Default ['https://checkout.stripe.com']. */
  allowedCheckoutOrigins?: string[];
  /**
   * Default window.location.assign. Return `true` when it left the page: the button then stays busy
   * until the page is shown again (back/forward cache). Otherwise the page is taken to stay (a router,
   * a confirmation) and the button is usable again at once.
   */
  redirect?: (url: string) => void | boolean;
  /** Set on the provider's script tag, for hosts whose CSP uses nonces. */
  nonce?: string;

  onStateChange?: StateChangeListener;
  onError?: (error: CheckoutError) => void;
  /** Embedded mode, and a wallet's payment in wallets mode: payment finished, in the page, for this session. */
  onComplete?: (completion: CheckoutCompletion) => void;
  /** Telemetry: the page's script events while mounted, and this button's own flow events. */
  onEvent?: CheckoutEventListener;

  stripeOptions?: StripeInstanceOptions;
  messages?: Partial<CheckoutMessages>;
  /** Button label. */
  children?: ReactNode;
  className?: string;
  disabled?: boolean;
}

/** The remote's `CheckoutButton` (`checkout/CheckoutButton`), as a host renders it. */
export type CheckoutButtonComponent = (props: CheckoutButtonProps) => ReactNode;

/** What `preloadStripe` needs: the key and how to load. */
export interface StripeLoadOptions {
  publishableKey: string;
  stripeOptions?: StripeInstanceOptions;
  loadTimeoutMs?: number;
  maxLoadAttempts?: number;
  nonce?: string;
  /**
   * `false` turns Stripe's advanced fraud signals off for the page, as `?advancedFraudSignals=false`
   * on a Stripe.js tag of the page's own does (that choice is kept too). Sticky: it applies to every
   * tag added after it, whoever asks. Default: Stripe's (on).
   */
  advancedFraudSignals?: boolean;
}

/** The store's view, as `useStripeScript()` returns it. */
export interface StripeScriptSnapshot {
  state: ScriptState;
  error?: CheckoutError;
}

/** Which build of the remote a page runs (`remoteRelease` in `./stripeScript`, `metaData.release` in mf-manifest.json). */
export interface RemoteRelease {
  name: string;
  /** package.json's version. */
  version: string;
  /** The git commit built, `-dirty` when the tree had uncommitted changes, `unknown` outside git. */
  commit: string;
  /** ISO 8601. */
  builtAt: string;
}

/** Handle returned by `mount` for hosts without React (or on another React major). */
export interface MountedCheckout {
  update(next: Partial<CheckoutButtonProps>): void;
  unmount(): void;
}
