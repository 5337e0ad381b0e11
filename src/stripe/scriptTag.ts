import type { CheckoutError } from '../core/types';
import { startTimer } from '../core/bounds';
import { checkoutError, describeCause } from '../core/errors';
import { pageState } from './pageState';
import { LOADING_STATE_ATTR, SETTLE_GRACE_MS, STRIPE_JS_ORIGIN, STRIPE_JS_URL } from './policy';
import { fraudSignalsOffIn, isStripeJsUrl, stripeJsUrl } from './stripeJsUrl';
import { blockedByTrustedTypes, isTrustedTypesRefusal, trustedScriptUrl } from './trustedTypes';

/** What a tag says about itself: anyone (another copy of this loader, a person in devtools) can read it. */
export type TagState = 'pending' | 'loaded' | 'failed' | 'blocked' | 'timeout' | 'unavailable';

export interface AttemptOptions {
  timeoutMs: number;
  nonce?: string;
}

type StripeGlobal = { Stripe?: unknown };

function stripeGlobalReady(): boolean {
  return typeof (window as unknown as StripeGlobal).Stripe === 'function';
}

/** The page's Stripe.js tags: not the other scripts js.stripe.com serves (see stripeJsUrl.ts). */
function stripeTags(): HTMLScriptElement[] {
  const candidates = Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src^="${STRIPE_JS_ORIGIN}/"]`));
  return candidates.filter((tag) => isStripeJsUrl(tag.src));
}

const stateOf = (tag: HTMLScriptElement) => tag.getAttribute(LOADING_STATE_ATTR) as TagState | null;

/**
 * Whether the request of a tag the page added itself is over (success or failure): the browser
 * records a resource timing entry when a download ends, whatever its outcome. A tag with no entry
 * may still be loading, and a removed tag still runs when its download ends, so it is joined, not
 * replaced. (A page whose resource timing buffer is full looks "still loading": it costs a timeout.)
 */
function requestOver(tag: HTMLScriptElement): boolean {
  const perf = typeof performance === 'undefined' ? undefined : performance;
  return typeof perf?.getEntriesByName === 'function' && perf.getEntriesByName(tag.src, 'resource').length > 0;
}

/**
 * The page's Stripe.js tags but those known to be dead, which are removed; the page's choices noted. A page tag that turns
 * advanced fraud signals off is the page's choice: the tags we add keep it. A dead tag's request
 * ended without defining window.Stripe; never one that may still be loading: ours that timed out stay
 * (their request may still answer, and is then used); a page tag is only judged once it had its
 * grace (see loadScriptOnce).
 */
function readTags(): HTMLScriptElement[] {
  const page = pageState();
  return stripeTags().filter((tag) => {
    if (fraudSignalsOffIn(tag.src)) page.fraudSignalsOff = true;
    const state = stateOf(tag);
    const dead = state === 'failed' || state === 'blocked' || state === 'unavailable';
    if (dead) tag.remove();
    return !dead;
  });
}

/**
 * After a timed-out attempt, the request may still be open, and Chromium answers a new tag for a URL it
 * is still fetching from that same request (measured in the e2e suite: no new request, and a second
 * timeout). So after a stalled attempt each new tag gets a URL of its own (`?retry=n`); a first load
 * and retries after network errors keep the canonical URL (with the page's fraud signals choice).
 */
function scriptUrl(): string {
  const { stalledAttempts, fraudSignalsOff = false } = pageState();
  return stripeJsUrl({ stalledAttempts, fraudSignalsOff });
}

/** Throws a CheckoutError with a sentence when the page refuses the tag (Trusted Types, a patched DOM). */
function injectTag(nonce?: string): HTMLScriptElement {
  const url = scriptUrl();
  const src = trustedScriptUrl(url); // throws script_blocked when the page does not allow our policy
  let tag: HTMLScriptElement;
  try {
    tag = document.createElement('script');
    (tag as unknown as { src: unknown }).src = src;
    tag.async = true;
    if (nonce) tag.nonce = nonce;
    tag.setAttribute(LOADING_STATE_ATTR, 'pending');
  } catch (cause) {
    if (isTrustedTypesRefusal(cause)) throw blockedByTrustedTypes(`the page refused the script URL (${describeCause(cause)}).`, cause);
    throw checkoutError('script_load_failed', `Could not create the script tag for ${STRIPE_JS_URL}: ${describeCause(cause)}.`, cause);
  }
  try {
    (document.head || document.body || document.documentElement).appendChild(tag);
  } catch (cause) {
    throw checkoutError(
      'script_load_failed',
      `Could not add the script tag for ${STRIPE_JS_URL} to the page: ${describeCause(cause)}.`,
      cause,
    );
  }
  return tag;
}

/** A tag of ours that timed out may still answer: when it does, its state says so. */
function markWhenSettled(tag: HTMLScriptElement): void {
  tag.addEventListener('load', () => tag.setAttribute(LOADING_STATE_ATTR, stripeGlobalReady() ? 'loaded' : 'unavailable'), { once: true });
  tag.addEventListener('error', () => tag.setAttribute(LOADING_STATE_ATTR, 'failed'), { once: true });
}

/**
 * One attempt = at most one request. Uses a window.Stripe that exists; joins a tag in flight (ours,
 * another copy's, the page's own or `@stripe/stripe-js`'s); otherwise injects a fresh one. Settles
 * exactly once: loaded, network error, CSP or Trusted Types block, timeout, or an exception from
 * the page, always as a CheckoutError.
 */
export function loadScriptOnce({ timeoutMs, nonce }: AttemptOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (stripeGlobalReady()) return resolve();
    let tag: HTMLScriptElement;
    let tags: HTMLScriptElement[];
    try {
      tags = readTags();
      // A page tag whose request is over but whose script has not run yet gets a moment: see requestOver.
      const settling = tags.find((t) => stateOf(t) === null && requestOver(t));
      if (settling) {
        setTimeout(() => {
          if (stripeGlobalReady()) return resolve();
          settling.setAttribute(LOADING_STATE_ATTR, 'failed'); // over, and no Stripe: the next look removes it
          loadScriptOnce({ timeoutMs, nonce }).then(resolve, reject);
        }, SETTLE_GRACE_MS);
        return;
      }
      const joined = tags.find((t) => stateOf(t) === 'pending' || stateOf(t) === null);
      tag = joined ?? injectTag(nonce);
      if (joined && stateOf(joined) === null) joined.setAttribute(LOADING_STATE_ATTR, 'pending');
    } catch (error) {
      return reject(error);
    }
    // Timed-out tags still in flight: if one of them answers first, this attempt is over too.
    const stalled = tags.filter((t) => t !== tag && stateOf(t) === 'timeout');
    let settled = false;

    const finish = (state: TagState, error?: CheckoutError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      tag.removeEventListener('load', onLoad);
      tag.removeEventListener('error', onError);
      stalled.forEach((t) => t.removeEventListener('load', onStalledLoad));
      document.removeEventListener('securitypolicyviolation', onViolation);
      tag.setAttribute(LOADING_STATE_ATTR, state);
      if (state === 'timeout') {
        pageState().stalledAttempts++;
        markWhenSettled(tag);
      }
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
            `${tag.src} loaded but did not define window.Stripe (a proxy, an extension or a stub answered for it).`,
          ),
        );
    };
    const onStalledLoad = () => {
      if (stripeGlobalReady()) finish('pending'); // our own tag is still on its way: it stays pending
    };
    const onViolation = (event: Event) => {
      const { blockedURI = '', effectiveDirective = '' } = event as SecurityPolicyViolationEvent;
      // Stripe.js's URL, or its bare origin (a report may strip the path); not Stripe's other scripts.
      const aboutStripeJs = isStripeJsUrl(blockedURI) || blockedURI === STRIPE_JS_ORIGIN;
      if (!aboutStripeJs || !effectiveDirective.startsWith('script-src')) return;
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
      setTimeout(() => finish('failed', checkoutError('script_load_failed', `Network error loading ${tag.src}.`, event)));
    };
    const timer = startTimer(
      () => finish('timeout', checkoutError('script_timeout', `No answer from ${tag.src} within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    tag.addEventListener('load', onLoad);
    tag.addEventListener('error', onError);
    stalled.forEach((t) => t.addEventListener('load', onStalledLoad));
    document.addEventListener('securitypolicyviolation', onViolation);
  });
}
