import type { CheckoutError } from '../types';
import { checkoutError } from '../errors';
import { LOADING_STATE_ATTR, STRIPE_JS_ORIGIN, STRIPE_JS_URL } from './policy';

/** What our tag says about itself: anyone (another copy of this loader, a person in devtools) can read it. */
export type TagState = 'pending' | 'loaded' | 'failed' | 'blocked' | 'timeout' | 'unavailable';

export interface AttemptOptions {
  timeoutMs: number;
  nonce?: string;
}

type StripeGlobal = { Stripe?: unknown };

function stripeGlobalReady(): boolean {
  return typeof (window as unknown as StripeGlobal).Stripe === 'function';
}

function stripeTags(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src^="${STRIPE_JS_ORIGIN}/"]`));
}

/**
 * Removes every Stripe.js tag that cannot deliver any more: ours that failed, and page-provided
 * ones (without our state attribute) while `window.Stripe` is still missing. Stripe's own loader
 * re-attaches to such a tag and never settles; we start from a clean slate instead.
 */
function removeDeadTags(): void {
  for (const tag of stripeTags()) {
    const state = tag.getAttribute(LOADING_STATE_ATTR);
    if (state !== 'pending' && state !== 'loaded') tag.remove();
  }
}

/**
 * Attempts that timed out in this page. Their request may still be open, and Chromium answers a new
 * tag for a URL it is still fetching from that same request: measured in the e2e suite, a retry after
 * a timeout sent no request and timed out again, as long as the stalled request stayed open. So after a stalled attempt each new tag gets
 * a URL of its own (`?retry=n`); a first load, and retries after network errors, keep the canonical URL.
 */
let stalledAttempts = 0;

function scriptUrl(): string {
  return stalledAttempts === 0 ? STRIPE_JS_URL : `${STRIPE_JS_URL}?retry=${stalledAttempts}`;
}

/** Tests only: a fresh page. */
export function resetScriptTags(): void {
  stalledAttempts = 0;
}

function injectTag(nonce?: string): HTMLScriptElement {
  const tag = document.createElement('script');
  tag.src = scriptUrl();
  tag.async = true;
  if (nonce) tag.nonce = nonce;
  tag.setAttribute(LOADING_STATE_ATTR, 'pending');
  (document.head || document.body).appendChild(tag);
  return tag;
}

/**
 * One attempt = at most one request. Attaches to a tag another loader on the page has in flight,
 * otherwise injects a fresh one. Settles exactly once: loaded, network error, CSP block, or timeout.
 */
export function loadScriptOnce({ timeoutMs, nonce }: AttemptOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (stripeGlobalReady()) return resolve();
    removeDeadTags();
    const inFlight = stripeTags().find((t) => t.getAttribute(LOADING_STATE_ATTR) === 'pending');
    const tag = inFlight ?? injectTag(nonce);
    let settled = false;

    const finish = (state: TagState, error?: CheckoutError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      tag.removeEventListener('load', onLoad);
      tag.removeEventListener('error', onError);
      document.removeEventListener('securitypolicyviolation', onViolation);
      tag.setAttribute(LOADING_STATE_ATTR, state);
      if (state === 'timeout') stalledAttempts++;
      if (error) reject(error);
      else resolve();
    };
    const onLoad = () => {
      if (stripeGlobalReady()) finish('loaded');
      else
        finish(
          'unavailable',
          checkoutError(
            'stripe_unavailable',
            `${STRIPE_JS_URL} loaded but did not define window.Stripe (a proxy, an extension or a stub answered for it).`,
          ),
        );
    };
    const onViolation = (event: Event) => {
      const { blockedURI = '', effectiveDirective = '' } = event as SecurityPolicyViolationEvent;
      if (!blockedURI.startsWith(STRIPE_JS_ORIGIN) || !effectiveDirective.startsWith('script-src')) return;
      finish(
        'blocked',
        checkoutError(
          'script_blocked',
          `The page's Content-Security-Policy (${effectiveDirective}) blocked ${STRIPE_JS_URL}. ` +
            `Allow it with: script-src ${STRIPE_JS_ORIGIN}; frame-src ${STRIPE_JS_ORIGIN} https://hooks.stripe.com; connect-src https://api.stripe.com.`,
        ),
      );
    };
    const onError = (event: Event) => {
      // A CSP block also fires `error`, and the violation event may come a task later: wait for it.
      setTimeout(() =>
        finish('failed', checkoutError('script_load_failed', `Network error loading ${STRIPE_JS_URL}.`, event)),
      );
    };
    const timer = setTimeout(
      () => finish('timeout', checkoutError('script_timeout', `No answer from ${STRIPE_JS_URL} within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    tag.addEventListener('load', onLoad);
    tag.addEventListener('error', onError);
    document.addEventListener('securitypolicyviolation', onViolation);
  });
}
