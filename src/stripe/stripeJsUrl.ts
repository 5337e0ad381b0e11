// Which scripts are Stripe.js, and the URL of the tags we add. js.stripe.com serves other scripts too
// (the pricing table, the buy button): joining one of those as Stripe.js would wait on a script that
// never defines window.Stripe, and remove it from the page once it loaded. Only Stripe.js's own URLs
// are Stripe.js, decided as @stripe/stripe-js 10.2.1's own `findScript` decides (its two patterns,
// in one: the package does not export them).
import { STRIPE_JS_URL } from './policy';

/**
 * `https://js.stripe.com/v3` or `/v3/`, and `https://js.stripe.com/<v3 or a release train, e.g.
 * endive>/stripe.js`, each with any query.
 */
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/(v3\/?|(v3|[a-z]+)\/stripe\.js)(\?.*)?$/;

export function isStripeJsUrl(url: string): boolean {
  return STRIPE_JS.test(url);
}

/** Whether a Stripe.js URL turns advanced fraud signals off (`?advancedFraudSignals=false`), as Stripe documents it. */
export function fraudSignalsOffIn(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).get('advancedFraudSignals') === 'false';
}

export interface TagUrlOptions {
  /** Attempts that timed out in this page: after one, each tag needs a URL of its own (see scriptTag.ts). */
  stalledAttempts: number;
  /** The page chose to turn advanced fraud signals off: every tag we add keeps that choice. */
  fraudSignalsOff: boolean;
}

/** The URL of a tag we add: the canonical one unless the page's choices or a stalled request say otherwise. */
export function stripeJsUrl({ stalledAttempts, fraudSignalsOff }: TagUrlOptions): string {
  const query = [fraudSignalsOff && 'advancedFraudSignals=false', stalledAttempts > 0 && `retry=${stalledAttempts}`].filter(Boolean);
  return query.length ? `${STRIPE_JS_URL}?${query.join('&')}` : STRIPE_JS_URL;
}
