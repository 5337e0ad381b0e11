// The page's telemetry events, below the loader and the flow (both emit them). Kept on the window
// under a global symbol, like the load state: a listener hears every copy of the remote on the page.
import type { CheckoutEvent, CheckoutEventListener } from './types';
import { createStore, type Store } from './store';

/** v2: listeners are given each event (v1 copies told them to read it). */
const PAGE_EVENTS = Symbol.for('checkout.events/v2');

type EventsWindow = Window & { [PAGE_EVENTS]?: Store<CheckoutEvent | null> };

function pageEvents(): Store<CheckoutEvent | null> | null {
  if (typeof window === 'undefined') return null;
  const w = window as EventsWindow;
  return (w[PAGE_EVENTS] ??= createStore<CheckoutEvent | null>(null));
}

/** The clock of `at` and `ms`. */
export function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

type WithoutAt<T> = T extends unknown ? Omit<T, 'at'> : never;
export type CheckoutEventInput = WithoutAt<CheckoutEvent>;

/** Stamps `at` and tells every listener of the page. */
export function emitCheckoutEvent(input: CheckoutEventInput): CheckoutEvent {
  const event = { ...input, at: now() } as CheckoutEvent;
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

export function isScriptEvent(event: CheckoutEvent): boolean {
  return event.type.startsWith('script_');
}

/** Tests only: a fresh page. */
export function resetCheckoutEvents(): void {
  if (typeof window !== 'undefined') delete (window as EventsWindow)[PAGE_EVENTS];
}
