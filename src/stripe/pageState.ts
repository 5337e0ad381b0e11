// What the page knows about Stripe.js, kept on the window under a global symbol rather than in module
// variables: two copies of this remote (under two container names, or two versions) share one load,
// one tag and one Stripe instance per key and options.
import type { Stripe } from '@stripe/stripe-js';
import type { StripeLoadOptions, StripeScriptSnapshot } from '../types';
import { createStore, type Store } from '../store';

/** Bump the version when the shape changes: an older copy on the page then keeps its own state. */
/** v2: the store gives listeners each snapshot (v1 copies told them to read it). */
const PAGE_STATE = Symbol.for('checkout.stripe-js.page-state/v2');

export const INITIAL_SNAPSHOT: StripeScriptSnapshot = Object.freeze({ state: 'initial' });

/** The subset of the Trusted Types API we use (not in TypeScript's DOM library yet). */
export interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

export interface PageState {
  script: Store<StripeScriptSnapshot>;
  /** The load in flight, shared by every caller and every copy. */
  inFlight: Promise<StripeScriptSnapshot> | null;
  /** One promise of an instance per key and options. */
  instances: Map<string, Promise<Stripe>>;
  /** Attempts that timed out in this page: the next tags need URLs of their own (see scriptTag.ts). */
  stalledAttempts: number;
  /** Our Trusted Types policy, created once per page (a second createPolicy with the same name throws). */
  trustedTypesPolicy: ScriptUrlPolicy | null;
  /** The options of the last load, for the load the `online` event starts. */
  lastRequest: StripeLoadOptions | null;
  /** Removes the pending `online` listener, if any. */
  stopOnlineWatch: (() => void) | null;
}

type PageWindow = Window & { [PAGE_STATE]?: PageState };

function freshState(): PageState {
  return {
    script: createStore<StripeScriptSnapshot>(INITIAL_SNAPSHOT),
    inFlight: null,
    instances: new Map(),
    stalledAttempts: 0,
    trustedTypesPolicy: null,
    lastRequest: null,
    stopOnlineWatch: null,
  };
}

/** Server render: a state of its own per call, never shared between requests. */
export function pageState(): PageState {
  if (typeof window === 'undefined') return freshState();
  const w = window as PageWindow;
  return (w[PAGE_STATE] ??= freshState());
}

/** Tests only: a fresh page. */
export function resetPageState(): void {
  if (typeof window === 'undefined') return;
  const w = window as PageWindow;
  w[PAGE_STATE]?.stopOnlineWatch?.();
  delete w[PAGE_STATE];
}
