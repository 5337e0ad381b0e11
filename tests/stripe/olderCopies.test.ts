// Copies of the remote from older releases on the same page: the page state is one record whose
// shape is versioned inside it, and the objects the `/v2` releases keep under their own symbols are
// the same objects, whichever copy came first.
import { createStore } from '../../src/core/store';
import { subscribeCheckoutEvents } from '../../src/core/events';
import { PAGE_SHAPE } from '../../src/core/pageShared';
import { pageState, type PageState } from '../../src/stripe/pageState';
import { preloadStripe } from '../../src/stripe/preloadStripe';
import { answerWithStripe, resetPage, stripeTags } from '../support/stripeStub';
import type { CheckoutEvent, StripeScriptSnapshot } from '../../src/core/types';

const KEY = 'pk_test_123';
const V2_STATE = Symbol.for('checkout.stripe-js.page-state/v2');
const V2_EVENTS = Symbol.for('checkout.events/v2');
const PAGE = Symbol.for('checkout.page');
type SymbolWindow = Record<symbol, unknown>;
const w = window as unknown as SymbolWindow;

/** What a `/v2` release puts on the window when it is first on the page (its pageState.ts and events.ts). */
function olderCopyArrivesFirst() {
  const state: PageState = {
    script: createStore<StripeScriptSnapshot>(Object.freeze({ state: 'initial' })),
    inFlight: null,
    instances: new Map(),
    stalledAttempts: 0,
    trustedTypesPolicy: null,
    lastRequest: null,
    stopOnlineWatch: null,
  };
  const events = createStore<CheckoutEvent | null>(null);
  w[V2_STATE] = state;
  w[V2_EVENTS] = events;
  return { state, events };
}

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
  delete w[PAGE];
});
afterEach(() => {
  jest.useRealTimers();
  delete w[V2_STATE];
  delete w[V2_EVENTS];
});

describe('an older copy (a /v2 release) on the page', () => {
  it('came first: this copy uses its load state, its instances and its event stream', async () => {
    const older = olderCopyArrivesFirst();
    const heardByOlder: string[] = [];
    older.events.subscribe((event) => event && heardByOlder.push(event.type));
    const olderStates: string[] = [];
    older.state.script.subscribe((snapshot) => olderStates.push(snapshot.state));

    const loaded = preloadStripe({ publishableKey: KEY });
    expect(stripeTags()).toHaveLength(1);
    answerWithStripe();
    const result = await loaded;

    expect(pageState()).toBe(older.state);
    expect(olderStates).toEqual(['pending', 'resolved']);
    expect(heardByOlder).toEqual(['script_attempt', 'script_resolved']);
    expect(older.state.instances.size).toBe(1);
    expect(result.state === 'resolved' && result.stripe).toBe(await [...older.state.instances.values()][0]);
  });

  it('came first with a load in flight: this copy joins it, no second tag', async () => {
    const older = olderCopyArrivesFirst();
    let settle!: (snapshot: StripeScriptSnapshot) => void;
    older.state.inFlight = new Promise((resolve) => (settle = resolve));
    older.state.script.set({ state: 'pending' });
    const joined = preloadStripe({ publishableKey: KEY });
    expect(stripeTags()).toHaveLength(0);
    settle({ state: 'rejected', error: { code: 'script_load_failed', message: 'Network error.' } });
    expect((await joined).state).toBe('rejected');
  });

  it("comes later: it finds this copy's state and events under its own symbols", async () => {
    const heard: string[] = [];
    subscribeCheckoutEvents((event) => heard.push(event.type));
    const loaded = preloadStripe({ publishableKey: KEY });
    answerWithStripe();
    await loaded;

    expect(w[V2_STATE]).toBe(pageState());
    const olderEvents = w[V2_EVENTS] as ReturnType<typeof createStore<CheckoutEvent | null>>;
    olderEvents.set({ type: 'session_start', at: 1 });
    expect(heard).toEqual(['script_attempt', 'script_resolved', 'session_start']);
  });
});

describe('the shared record', () => {
  it('lives under one symbol with its shape inside', () => {
    const state = pageState();
    expect(w[PAGE]).toMatchObject({ shape: PAGE_SHAPE, stripe: state });
  });

  it('a newer release came first (a newer shape): this copy uses its record and leaves its fields as they are', async () => {
    const state = pageState();
    resetPage();
    const newer = { shape: PAGE_SHAPE + 5, stripe: state, events: createStore<CheckoutEvent | null>(null), laterField: { kept: true } };
    w[PAGE] = newer;
    const heard: string[] = [];
    newer.events.subscribe((event) => event && heard.push(event.type));

    const loaded = preloadStripe({ publishableKey: KEY });
    answerWithStripe();
    await loaded;
    expect(pageState()).toBe(state);
    expect(state.instances.size).toBe(1);
    expect(heard).toEqual(['script_attempt', 'script_resolved']);
    expect(w[PAGE]).toBe(newer);
    expect(newer).toMatchObject({ shape: PAGE_SHAPE + 5, laterField: { kept: true } });
  });
});
