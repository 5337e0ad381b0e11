import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutEvent } from '../../src/core/types';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { subscribeCheckoutEvents } from '../../src/exposes/stripeScript';
import { answerWithStripe, failNetwork, fakeStripeInstance, latestTag, resetPage, stripeTags } from '../support/stripeStub';

const KEY = 'pk_test_51TelemetryKeyMustNotLeak';
const SESSION_URL = 'https://checkout.stripe.com/c/pay/cs_test_SessionUrlMustNotLeak#fidkdWxOYHwnPyd1blpxYHZxWjA0';
const CLIENT_SECRET = 'cs_test_1_secret_ClientSecretMustNotLeak';
const TYPED = 'typed-by-the-person@example.com';
const PROMO_CODE = 'TYPED-PROMO-CODE';

/** An Embedded Checkout analytics event as Stripe.js delivers it (@stripe/stripe-js's types), details and all. */
const stripeAnalytics = (eventType: string, details: object) => ({
  eventType,
  details,
  checkoutSession: 'cs_test_1',
  clientMetadata: { email: TYPED },
  timestamp: 1_800_000_000,
});

/** The fields section 7 of the contract allows, per type (besides `type` and `at`). */
const FIELDS: Record<CheckoutEvent['type'], string[]> = {
  script_attempt: ['attempt'],
  script_attempt_failed: ['attempt', 'code', 'ms'],
  script_resolved: ['attempts', 'ms'],
  script_rejected: ['attempts', 'code', 'ms'],
  session_start: [],
  session_end: ['ms', 'code'],
  redirect: ['origin'],
  embedded_open: [],
  embedded_close: ['completed'],
  embedded_analytics: ['name'],
  embedded_complete: [],
  wallets_ready: ['methods'],
  wallet_confirm: ['method'],
  wallet_result: ['ms', 'code'],
  wallet_cancel: [],
  script_integrity_failed: ['url'],
};

function recordPage(): CheckoutEvent[] {
  const events: CheckoutEvent[] = [];
  subscribeCheckoutEvents((event) => events.push(event));
  return events;
}

const types = (events: CheckoutEvent[]) => events.map((e) => e.type);

function expectOnlyContractFields(events: CheckoutEvent[]): void {
  for (const event of events) {
    const extra = Object.keys(event).filter((k) => k !== 'type' && k !== 'at' && !FIELDS[event.type].includes(k));
    expect({ type: event.type, extra }).toEqual({ type: event.type, extra: [] });
    expect(typeof event.at).toBe('number');
  }
}

beforeEach(() => resetPage());

describe('telemetry events', () => {
  it('a failing-then-succeeding load, then a redirect: counts, fields and timings, on the page and on onEvent', async () => {
    const page = recordPage();
    const onEvent = jest.fn();
    const redirect = jest.fn();
    render(
      <CheckoutButton
        publishableKey={KEY}
        maxLoadAttempts={3}
        onEvent={onEvent}
        redirect={redirect}
        createSession={async () => ({ url: SESSION_URL })}
      >
        Pay
      </CheckoutButton>,
    );
    const first = latestTag();
    await act(async () => {
      failNetwork(first);
      await new Promise((r) => setTimeout(r, 5));
    });
    await waitFor(() => expect(stripeTags().some((t) => t !== first)).toBe(true));
    await act(async () => {
      answerWithStripe(latestTag());
    });
    await waitFor(() => expect(types(page)).toContain('script_resolved'));

    expect(types(page)).toEqual(['script_attempt', 'script_attempt_failed', 'script_attempt', 'script_resolved']);
    expect(page[0]).toMatchObject({ attempt: 1 });
    expect(page[1]).toMatchObject({ attempt: 1, code: 'script_load_failed' });
    expect(page[2]).toMatchObject({ attempt: 2 });
    expect(page[3]).toMatchObject({ attempts: 2 });
    // The whole load includes the backoff pause (at least 250 ms) between the attempts.
    expect((page[3] as { ms: number }).ms).toBeGreaterThanOrEqual(250);
    expect(page[3].at).toBeGreaterThanOrEqual(page[0].at);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(types(page).slice(4)).toEqual(['session_start', 'session_end', 'redirect']);
    expect(page[6]).toMatchObject({ origin: 'https://checkout.stripe.com' });
    expect(page[5]).not.toHaveProperty('code');
    expect(onEvent.mock.calls.map(([e]) => e)).toEqual(page);
    expectOnlyContractFields(page);
  });

  it('a rejected load: script_rejected with the attempts and the code', async () => {
    const page = recordPage();
    render(<CheckoutButton publishableKey={KEY} maxLoadAttempts={1} createSession={async () => ({ url: SESSION_URL })} />);
    await act(async () => {
      failNetwork();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(types(page)).toEqual(['script_attempt', 'script_attempt_failed', 'script_rejected']);
    expect(page[2]).toMatchObject({ attempts: 1, code: 'script_load_failed' });
  });

  it("a button's onEvent hears the page's script events but not another button's flow events", async () => {
    const a = jest.fn();
    const b = jest.fn();
    const redirect = jest.fn();
    render(
      <>
        <CheckoutButton publishableKey={KEY} onEvent={a} redirect={redirect} createSession={async () => ({ url: SESSION_URL })}>
          A
        </CheckoutButton>
        <CheckoutButton publishableKey={KEY} onEvent={b} createSession={async () => ({ url: SESSION_URL })}>
          B
        </CheckoutButton>
      </>,
    );
    await act(async () => {
      answerWithStripe();
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'A' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(types(a.mock.calls.map(([e]) => e))).toEqual(['script_attempt', 'script_resolved', 'session_start', 'session_end', 'redirect']);
    expect(types(b.mock.calls.map(([e]) => e))).toEqual(['script_attempt', 'script_resolved']);
  });

  it('never carry the key, the client secret, the session URL or what the person typed', async () => {
    const page = recordPage();
    const onEvent = jest.fn();
    const user = userEvent.setup();
    // Redirect, with a session that fails once (its code is reported, not its message).
    const redirect = jest.fn();
    const createRedirect = jest
      .fn()
      .mockRejectedValueOnce(new Error(`upstream said no for ${TYPED} at ${SESSION_URL}`))
      .mockResolvedValue({ url: SESSION_URL });
    const view = render(
      <CheckoutButton
        publishableKey={KEY}
        sessionBody={{ email: TYPED }}
        onEvent={onEvent}
        redirect={redirect}
        createSession={createRedirect}
      >
        Pay
      </CheckoutButton>,
    );
    const Stripe = await act(async () => answerWithStripe());
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(SESSION_URL));
    view.unmount();

    // Embedded, opened and completed.
    render(
      <CheckoutButton publishableKey={KEY} mode="embedded" onEvent={onEvent} createSession={async () => ({ clientSecret: CLIENT_SECRET })}>
        Pay embedded
      </CheckoutButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Pay embedded' }));
    await screen.findByRole('dialog');
    const stripe = Stripe.mock.results[0].value as ReturnType<typeof fakeStripeInstance>;
    await waitFor(() => expect(stripe.createEmbeddedCheckoutPage).toHaveBeenCalled());
    const [{ onComplete, onAnalyticsEvent }] = stripe.createEmbeddedCheckoutPage.mock.calls[0] as unknown as [
      { onComplete: () => void; onAnalyticsEvent: (event: unknown) => void },
    ];
    act(() => {
      onAnalyticsEvent(stripeAnalytics('checkoutRendered', { amount: 1200, currency: 'eur' }));
      onAnalyticsEvent(stripeAnalytics('promotionCodeApplied', { code: PROMO_CODE }));
      onAnalyticsEvent(stripeAnalytics(`${TYPED} <not a name>`, {})); // not an event name: dropped
      onAnalyticsEvent(undefined);
      onAnalyticsEvent(stripeAnalytics('checkoutSubmitted', { paymentMethodType: 'card', amount: 1200 }));
      onComplete();
    });

    expect(types(page)).toEqual([
      'script_attempt',
      'script_resolved',
      'session_start',
      'session_end',
      'session_start',
      'session_end',
      'redirect',
      'session_start',
      'session_end',
      'embedded_open',
      'embedded_analytics',
      'embedded_analytics',
      'embedded_analytics',
      'embedded_complete',
      'embedded_close',
    ]);
    expect(page[3]).toMatchObject({ code: 'session_failed' });
    expect(page.filter((e) => e.type === 'embedded_analytics').map((e) => 'name' in e && e.name)).toEqual([
      'checkoutRendered',
      'promotionCodeApplied',
      'checkoutSubmitted',
    ]);
    expect(page[14]).toMatchObject({ type: 'embedded_close', completed: true });
    // The button's own onEvent hears its embedded events too.
    expect(onEvent.mock.calls.map(([e]) => e.type)).toEqual(expect.arrayContaining(['embedded_analytics', 'embedded_complete']));
    expectOnlyContractFields(page);
    const everything = JSON.stringify([page, onEvent.mock.calls]);
    for (const secret of [
      KEY,
      KEY.slice('pk_test_'.length),
      CLIENT_SECRET,
      SESSION_URL,
      'cs_test_SessionUrlMustNotLeak',
      TYPED,
      PROMO_CODE,
      'cs_test_1',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
