// What the page knows about Stripe.js, kept in the page's shared record (pageShared.ts) rather than
// in module variables: every copy of this remote on the page, of any release since the `/v2` one,
// shares one load, one tag, one Trusted Types policy and one Stripe instance per key and options.
import type { Stripe } from '@stripe/stripe-js';
import type { StripeLoadOptions, StripeScriptSnapshot } from '../core/types';
import { forgetSharedField, sharedField } from '../core/pageShared';
import { createStore, type Store } from '../core/store';

/** Where releases before the shared record kept this same object (its fields below, up to `stopOnlineWatch`). */
const LEGACY_SYMBOL = Symbol.for('checkout.stripe-js.page-state/v2');
const FIELD = 'stripe';

export const INITIAL_SNAPSHOT: StripeScriptSnapshot = Object.freeze({ state: 'initial' });

/** The subset of the Trusted Types API we use (not in TypeScript's DOM library yet). */
export interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

/**
 * Fields are only ever added, and added optional: an older copy may have made this object. The
 * first seven are the `/v2` releases' own, with the same meaning.
 */
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
  /** The page turned Stripe's advanced fraud signals off (its own tag's URL, or a load option): every tag we add keeps it. */
  fraudSignalsOff?: boolean;
  /** The outcome of a load being announced (its event under way): the state readers see meanwhile (scriptStore.ts). */
  announcing?: StripeScriptSnapshot | null;
  /** States published while an outcome is announced, in order, delivered right after it. */
  held?: StripeScriptSnapshot[];
}

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
  return sharedField(FIELD, freshState, LEGACY_SYMBOL);
}

/** Tests only: a fresh page. */
export function resetPageState(): void {
  if (typeof window === 'undefined') return;
  const state = (window as unknown as Record<symbol, PageState | undefined>)[LEGACY_SYMBOL];
  state?.stopOnlineWatch?.();
  forgetSharedField(FIELD, LEGACY_SYMBOL);
}
