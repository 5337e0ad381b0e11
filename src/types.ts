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
  | 'embedded_failed'; // embedded Checkout could not start

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

/** What a session provider answers: a hosted page URL (redirect) or a client secret (embedded). */
export type SessionResult = { url: string } | { clientSecret: string };

/**
 * The kind of Checkout Session a click asks for: a hosted page to leave for (`redirect`) or a client
 * secret to embed (`embedded`). The button sends it as `mode` in the session endpoint's body.
 */
export type SessionMode = 'redirect' | 'embedded';

/** What `sessionEndpoint` receives as JSON: the host's `sessionBody` fields, and `mode` (always the button's). */
export type SessionRequestBody = Record<string, unknown> & { mode: SessionMode };

export interface SessionContext {
  /** Fresh per click; send it to Stripe as the idempotency key of the session creation. */
  idempotencyKey: string;
  /** Which kind of session to create (Checkout Session `ui_mode` `hosted_page` or `embedded_page`). */
  mode: SessionMode;
  /** Aborted on timeout and on unmount. */
  signal: AbortSignal;
}

export type CheckoutMode = 'redirect' | 'embedded';
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
}

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
);

export type CheckoutEventType = CheckoutEvent['type'];
export type CheckoutEventListener = (event: CheckoutEvent) => void;

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

  /** Default 'redirect'. */
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
  /** Embedded mode: payment finished. */
  onComplete?: () => void;
  /** Telemetry: the page's script events while mounted, and this button's own flow events. */
  onEvent?: CheckoutEventListener;

  stripeOptions?: StripeInstanceOptions;
  messages?: Partial<CheckoutMessages>;
  /** Button label. */
  children?: ReactNode;
  className?: string;
  disabled?: boolean;
}

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
