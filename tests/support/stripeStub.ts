// Stand-ins for what the browser would do with the Stripe.js tag, for jsdom (which loads no scripts).
import { resetCheckoutEvents } from '../../src/core/events';
import { resetPageState } from '../../src/stripe/pageState';
import { STRIPE_JS_URL } from '../../src/stripe/policy';

type StripeFactory = jest.Mock & { version?: string };

export function stripeTags(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[src^="https://js.stripe.com/"]'));
}

export function currentTag(): HTMLScriptElement {
  const tags = stripeTags();
  if (tags.length !== 1) throw new Error(`expected one Stripe.js tag, found ${tags.length}`);
  return tags[0];
}

/** The newest tag: after a timeout the stalled one stays in the page (it may still answer). */
export function latestTag(): HTMLScriptElement {
  const tags = stripeTags();
  if (tags.length === 0) throw new Error('expected a Stripe.js tag, found none');
  return tags[tags.length - 1];
}

/** Makes the browser's resource timing say that the request for `url` is over (jsdom records none). */
export function requestEnded(url: string): () => void {
  // Assigned, not spied on: under fake timers `performance` is jest's own object, without this method.
  const perf = performance as { getEntriesByName?: unknown };
  const had = Object.prototype.hasOwnProperty.call(perf, 'getEntriesByName');
  const original = perf.getEntriesByName;
  perf.getEntriesByName = (name: string) => (name === url ? [{ name }] : []);
  return () => {
    if (had) perf.getEntriesByName = original;
    else delete perf.getEntriesByName;
  };
}

/** What a Stripe instance offers to us; embedded checkout is a stand-in the test can inspect. */
export function fakeStripeInstance() {
  return {
    _registerWrapper: jest.fn(),
    createEmbeddedCheckoutPage: jest.fn(async () => ({ mount: jest.fn(), unmount: jest.fn(), destroy: jest.fn() })),
  };
}

/** The script arrives and defines window.Stripe. */
export function answerWithStripe(tag: HTMLScriptElement = currentTag()): StripeFactory {
  const factory: StripeFactory = jest.fn(() => fakeStripeInstance());
  factory.version = 'endive';
  (window as unknown as { Stripe: unknown }).Stripe = factory;
  tag.dispatchEvent(new Event('load'));
  return factory;
}

/** The script arrives but defines nothing (a proxy or an extension answered). */
export function answerWithoutStripe(tag: HTMLScriptElement = currentTag()): void {
  tag.dispatchEvent(new Event('load'));
}

export function failNetwork(tag: HTMLScriptElement = currentTag()): void {
  tag.dispatchEvent(new Event('error'));
}

/** What Chromium dispatches when a CSP refuses the script. */
export function blockByCsp(): void {
  const event = new Event('securitypolicyviolation');
  Object.assign(event, { blockedURI: STRIPE_JS_URL, effectiveDirective: 'script-src-elem' });
  document.dispatchEvent(event);
}

/** A fresh page: no tag, no window.Stripe, no store state, no instances. */
export function resetPage(): void {
  stripeTags().forEach((tag) => tag.remove());
  delete (window as unknown as { Stripe?: unknown }).Stripe;
  resetPageState();
  resetCheckoutEvents();
}
