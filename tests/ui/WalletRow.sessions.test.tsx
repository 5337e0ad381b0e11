// The wallet row with the page's wallet session (jsdom, the Express Checkout Element replaced by a
// recorder of what is mounted and destroyed; tests/e2e/wallets.e2e.ts runs the real row in Chromium).
import { act, render } from '@testing-library/react';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { resetWalletSessions, WALLET_SESSION_POLICY } from '../../src/checkout/walletSession';
import type { ExpressCheckoutHandlers } from '../../src/checkout/expressCheckout';
import { answerWithStripe, resetPage } from '../support/stripeStub';

type Mounted = { secret: string; handlers: ExpressCheckoutHandlers; destroy: jest.Mock };
const mounted: Mounted[] = [];
jest.mock('../../src/checkout/expressCheckout', () => ({
  ...jest.requireActual('../../src/checkout/expressCheckout'),
  mountExpressCheckout: (_stripe: unknown, secret: string, _container: HTMLElement, handlers: ExpressCheckoutHandlers) => {
    const destroy = jest.fn();
    mounted.push({ secret, handlers, destroy });
    return destroy;
  },
}));

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const reply = (body: unknown) => ({ ok: true, status: 200, statusText: '', json: async () => body }) as Response;
const tick = (ms = 0) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
const RENEWAL_MS = 3600_000 - WALLET_SESSION_POLICY.renewBeforeMs;
const live = (secret: string) => mounted.filter((m) => m.secret === secret && !m.destroy.mock.calls.length);

beforeEach(() => {
  jest.useFakeTimers();
  resetPage();
  resetWalletSessions();
  mounted.length = 0;
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_A_secret_a', expiresIn: 3600 }));
  fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_B_secret_b', expiresIn: 3600 }));
});
afterEach(() => jest.useRealTimers());

async function walletButtons(count: number) {
  const onComplete = jest.fn();
  render(
    <>
      {Array.from({ length: count }, (_, i) => (
        <CheckoutButton
          key={i}
          publishableKey="pk_test_1"
          mode="wallets"
          sessionEndpoint="/api/checkout-sessions"
          sessionBody={{ productId: 'p' }}
          onComplete={onComplete}
        />
      ))}
    </>,
  );
  await tick();
  await act(async () => void answerWithStripe());
  await tick(50);
  for (const m of mounted) act(() => m.handlers.onReady(['googlePay']));
  return onComplete;
}

describe('the wallet row and the wallet session under it', () => {
  it("a renewal that lands while a wallet's sheet may be open waits until it closes: the element is not destroyed under the person", async () => {
    await walletButtons(1);
    expect(live('cs_test_A_secret_a')).toHaveLength(1);
    const [first] = mounted;
    await tick(RENEWAL_MS - 30_000);
    act(() => first.handlers.onFocus()); // the person pressed Google Pay: its sheet opens
    await tick(31_000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // the renewed session is there…
    expect(first.destroy).not.toHaveBeenCalled(); // …and waits
    expect(live('cs_test_B_secret_b')).toHaveLength(0);
    act(() => first.handlers.onCancel()); // the sheet closed without paying
    await tick(50);
    expect(first.destroy).toHaveBeenCalledTimes(1);
    expect(live('cs_test_B_secret_b')).toHaveLength(1);
  });

  it('a sheet that never reports closing holds the renewal two minutes at most', async () => {
    await walletButtons(1);
    await tick(RENEWAL_MS - 30_000);
    act(() => mounted[0].handlers.onFocus());
    await tick(31_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(live('cs_test_B_secret_b')).toHaveLength(0);
    await tick(2 * 60_000 - 31_000);
    expect(live('cs_test_B_secret_b')).toHaveLength(1);
  });

  it('after a wallet paid with one button, the other buttons for the same product drop that session and show a fresh one', async () => {
    const onComplete = await walletButtons(2);
    expect(live('cs_test_A_secret_a').length).toBeGreaterThanOrEqual(2);
    const payer = mounted[0];
    act(() => payer.handlers.onConfirm('google_pay'));
    act(() => payer.handlers.onResult({ ok: true, sessionId: 'cs_test_A' }));
    await tick(50);
    expect(onComplete).toHaveBeenCalledWith({ sessionId: 'cs_test_A' });
    // Nobody shows the paid session any more; the other button shows a fresh one, and only it.
    expect(live('cs_test_A_secret_a')).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(live('cs_test_B_secret_b')).toHaveLength(1);
  });
});
