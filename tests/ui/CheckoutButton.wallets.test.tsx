import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { startWalletSession } from '@checkout/host-kit';
import { resetWalletSessions, walletSession as walletSessionOf } from '../../src/checkout/walletSession';
import { failNetwork, resetPage } from '../support/stripeStub';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
const reply = (body: unknown) => ({ ok: true, status: 200, statusText: '', json: async () => body }) as Response;
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

beforeEach(() => {
  resetPage();
  resetWalletSessions();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

describe('CheckoutButton in wallets mode (jsdom: no Express Checkout Element here, see tests/e2e/wallets.e2e.ts)', () => {
  it('a refused key: no wallet session, no row, the refusal shown', async () => {
    const onError = jest.fn();
    render(<CheckoutButton publishableKey="sk_test_secret" mode="wallets" sessionEndpoint="/api/checkout-sessions" onError={onError} />);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('[data-wallets]')).toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it("a button in view asks for its wallet session as soon as the row's code is in, not after an IntersectionObserver callback", async () => {
    // An observer that never reports: only the button's own reading of where it is can start the session.
    const observed: Element[] = [];
    globalThis.IntersectionObserver = class {
      observe = (target: Element) => void observed.push(target);
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_1_secret_a' }));
      render(
        <CheckoutButton
          publishableKey="pk_test_1"
          mode="wallets"
          sessionEndpoint="/api/checkout-sessions"
          sessionBody={{ productId: 'p' }}
        />,
      );
      await settle();
      expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string))).toEqual([{ productId: 'p', mode: 'wallets' }]);
      expect(observed).toHaveLength(0);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('takes the wallet session the page started (walletSession prop) and sends no wallet request of its own', async () => {
    fetchMock.mockResolvedValueOnce(reply({ clientSecret: 'cs_test_early_secret_a' }));
    const sessionBody = { productId: 'p' };
    const walletSession = startWalletSession({ sessionEndpoint: '/api/checkout-sessions', sessionBody });
    render(
      <CheckoutButton
        publishableKey="pk_test_1"
        mode="wallets"
        sessionEndpoint="/api/checkout-sessions"
        sessionBody={sessionBody}
        walletSession={walletSession}
      />,
    );
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(walletSessionOf({ sessionEndpoint: '/api/checkout-sessions', sessionBody }, 15_000).state.get()).toMatchObject({
      status: 'ready',
      clientSecret: 'cs_test_early_secret_a',
    });
  });

  it("far below the viewport: takes the page's own wallet session at once, and creates none of its own until near", async () => {
    // A button far down the page, whose observer never reports: it never comes near in this test.
    const box = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 5_000, bottom: 5_100, left: 0, right: 100 } as DOMRect);
    globalThis.IntersectionObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      fetchMock.mockResolvedValue(reply({ clientSecret: 'cs_test_early_secret_a' }));
      const source = { sessionEndpoint: '/api/checkout-sessions', sessionBody: { productId: 'p' } };
      const walletSession = startWalletSession(source);
      const { unmount } = render(<CheckoutButton publishableKey="pk_test_1" mode="wallets" {...source} walletSession={walletSession} />);
      await settle();
      expect(walletSessionOf(source, 15_000).state.get()).toMatchObject({ status: 'ready', clientSecret: 'cs_test_early_secret_a' });
      unmount();
      resetWalletSessions();
      // The page's request is for another product: this button's own session waits until it is near.
      const other = startWalletSession({ ...source, sessionBody: { productId: 'q' } });
      render(<CheckoutButton publishableKey="pk_test_1" mode="wallets" {...source} walletSession={other} />);
      await settle();
      expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string).productId)).toEqual(['p', 'q']);
    } finally {
      box.mockRestore();
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('Stripe.js pending then rejected: one wallet session asked for while it loads, nothing shown; the card button asks for "redirect"', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      JSON.parse(init?.body as string).mode === 'wallets'
        ? reply({ clientSecret: 'cs_test_1_secret_a' })
        : reply({ url: 'https://checkout.stripe.com/c/pay/cs_test_2' }),
    );
    const redirect = jest.fn();
    render(
      <CheckoutButton
        publishableKey="pk_test_1"
        mode="wallets"
        maxLoadAttempts={1}
        sessionEndpoint="/api/checkout-sessions"
        sessionBody={{ productId: 'p' }}
        redirect={redirect}
      />,
    );
    await settle();
    await act(async () => failNetwork());
    await settle();
    expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string))).toEqual([{ productId: 'p', mode: 'wallets' }]);
    expect(document.querySelector('[data-wallets="shown"]')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button'));
    await settle();
    expect(JSON.parse(fetchMock.mock.calls[1][1]?.body as string)).toEqual({ productId: 'p', mode: 'redirect' });
    expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2');
  });
});
