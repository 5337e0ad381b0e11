// The page's telemetry events, below the loader and the flow (both emit them). Kept in the page's
// shared record, like the load state (pageShared.ts): a listener hears every copy of the remote on
// the page, of any release since the `/v2` one.
import type { CheckoutEvent, CheckoutEventListener } from './types';
import { forgetSharedField, sharedField } from './pageShared';
import { createStore, type Store } from './store';

/** Where releases before the shared record kept this same store (listeners given each event). */
const LEGACY_SYMBOL = Symbol.for('checkout.events/v2');
const FIELD = 'events';

function pageEvents(): Store<CheckoutEvent | null> | null {
  if (typeof window === 'undefined') return null;
  return sharedField(FIELD, () => createStore<CheckoutEvent | null>(null), LEGACY_SYMBOL);
}

/** The clock of `at` and `ms`. */
export function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

type WithoutAt<T> = T extends unknown ? Omit<T, 'at'> : never;
export type CheckoutEventInput = WithoutAt<CheckoutEvent>;

/** Stamps `at` and tells every listener of the page. */
export function emitCheckoutEvent(input: CheckoutEventInput): CheckoutEvent {
  const event = { ...input, at: now() };
  pageEvents()?.set(event);
  return event;
}

/** Every event of the page, once each; returns the unsubscribe function. */
export function subscribeCheckoutEvents(listener: CheckoutEventListener): () => void {
  const events = pageEvents();
  if (!events) return () => {};
  return events.subscribe((event) => {
    if (event) listener(event);
  });
}

/**
 * The page's own events, which every button's `onEvent` hears: Stripe.js's load, and a script of the
 * remote refused for its integrity. The others are one button's.
 */
export function isScriptEvent(event: CheckoutEvent): boolean {
  return event.type.startsWith('script_');
}

/** Tests only: a fresh page. */
export function resetCheckoutEvents(): void {
  forgetSharedField(FIELD, LEGACY_SYMBOL);
}
