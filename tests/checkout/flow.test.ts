import type { Stripe } from '@stripe/stripe-js';
import { flowReducer, IDLE, isBusy, isWaiting, type FlowAction, type FlowState } from '../../src/checkout/flow';
import { checkoutError } from '../../src/core/errors';

const stripe = {} as Stripe;
const error = checkoutError('session_failed', 'POST /api/session answered 500.');
const session: FlowState = { phase: 'session' };
const leaving: FlowState = { phase: 'leaving' };
const embedded: FlowState = { phase: 'embedded', stripe, clientSecret: 'cs_1' };
const failed: FlowState = { phase: 'failed', error };

const ALL: FlowAction[] = [
  { type: 'click', at: 0 },
  { type: 'redirected', pageStays: false },
  { type: 'redirected', pageStays: true },
  { type: 'embed', stripe, clientSecret: 'cs_1' },
  { type: 'fail', error, at: 0 },
  { type: 'scriptUnavailable' },
  { type: 'close' },
  { type: 'dismiss', at: 0 },
  { type: 'restored' },
];

describe('the click flow', () => {
  it.each<[string, FlowState, FlowAction, FlowState]>([
    ['a click starts a session', IDLE, { type: 'click', at: 0 }, session],
    ['a click after a failure starts a fresh session', failed, { type: 'click', at: 0 }, session],
    ['the default redirect leaves the page, still busy', session, { type: 'redirected', pageStays: false }, leaving],
    ["a host's own redirect keeps the page: usable again", session, { type: 'redirected', pageStays: true }, IDLE],
    ['a client secret opens embedded Checkout', session, { type: 'embed', stripe, clientSecret: 'cs_1' }, embedded],
    ['a session failure stands', session, { type: 'fail', error, at: 0 }, failed],
    ['embedded Checkout failing to start stands', embedded, { type: 'fail', error, at: 0 }, failed],
    ['no Stripe.js for embedded: back to idle (the script error speaks)', session, { type: 'scriptUnavailable' }, IDLE],
    ['closing the dialog', embedded, { type: 'close' }, IDLE],
    ['Try again clears the failure', failed, { type: 'dismiss', at: 0 }, IDLE],
    ['back from the hosted page through the bfcache', leaving, { type: 'restored' }, IDLE],
  ])('%s', (_, from, action, to) => {
    expect(flowReducer(from, action)).toEqual(to);
  });

  it.each<[string, FlowState]>([
    ['a session is in flight', session],
    ['the page is being left', leaving],
    ['the dialog is open', embedded],
  ])('refuses a click while %s (the same state comes back)', (_, from) => {
    expect(flowReducer(from, { type: 'click', at: 0 })).toBe(from);
  });

  it('ignores every action that does not apply to the phase, returning the same state', () => {
    const applies: Record<FlowState['phase'], FlowAction['type'][]> = {
      idle: ['click'],
      session: ['redirected', 'embed', 'fail', 'scriptUnavailable'],
      leaving: ['restored'],
      embedded: ['fail', 'close'],
      failed: ['click', 'dismiss'],
    };
    for (const from of [IDLE, session, leaving, embedded, failed]) {
      for (const action of ALL) {
        const next = flowReducer(from, action);
        if (applies[from.phase].includes(action.type)) expect(next).not.toBe(from);
        else expect(next).toBe(from);
      }
    }
  });

  it('is busy exactly while a session is in flight or the page is being left', () => {
    expect([IDLE, session, leaving, embedded, failed].map(isBusy)).toEqual([false, true, true, false, false]);
  });

  describe('a server that asks to wait (Retry-After)', () => {
    const limited = checkoutError('session_failed', 'POST /api/session answered 429 Too Many Requests. Retry after 30 s.');
    const waiting = flowReducer(session, { type: 'fail', error: { ...limited, retryAfterMs: 30_000 }, at: 1_000 });

    it('stands until the wait is over, on the clock of the failure', () => {
      expect(waiting).toEqual({ phase: 'failed', error: { ...limited, retryAfterMs: 30_000 }, retryAt: 31_000 });
      expect(isWaiting(waiting, 30_999)).toBe(true);
      expect(isWaiting(waiting, 31_000)).toBe(false);
      expect(isWaiting(failed, 0)).toBe(false);
    });

    it('refuses a click before the wait is over (the same state comes back), and takes one after', () => {
      expect(flowReducer(waiting, { type: 'click', at: 30_999 })).toBe(waiting);
      expect(flowReducer(waiting, { type: 'click', at: 31_000 })).toEqual(session);
    });

    it("keeps the wait through a script failure's Try again, which clears a failure whose wait is over", () => {
      expect(flowReducer(waiting, { type: 'dismiss', at: 30_999 })).toBe(waiting);
      expect(flowReducer(waiting, { type: 'dismiss', at: 31_000 })).toEqual(IDLE);
    });

    it('sets no wait for a failure without one, nor for a wait that is not a positive finite number (a host may throw anything)', () => {
      for (const retryAfterMs of [0, -5, NaN, Infinity, '30' as unknown as number]) {
        expect(flowReducer(session, { type: 'fail', error: { ...limited, retryAfterMs }, at: 5 })).toEqual({
          phase: 'failed',
          error: { ...limited, retryAfterMs },
        });
      }
    });
  });
});
