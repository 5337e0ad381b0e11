import type { Stripe } from '@stripe/stripe-js';
import { availableMethods, confirmError, mountExpressCheckout, type ExpressCheckoutHandlers } from '../../src/checkout/expressCheckout';

type Handler = (event: unknown) => void;

/** Stripe.js's Checkout Elements SDK as far as the wallets use it, driven by the test. */
function fakeStripe(confirmResult: unknown) {
  const on: Record<string, Handler> = {};
  const element: { on: jest.Mock; mount: jest.Mock; destroy: jest.Mock } = { on: jest.fn(), mount: jest.fn(), destroy: jest.fn() };
  element.on.mockImplementation((type: string, h: Handler) => ((on[type] = h), element));
  const confirm = jest.fn(async () => confirmResult);
  const sdk = {
    createExpressCheckoutElement: jest.fn(() => element),
    loadActions: jest.fn(async () => ({ type: 'success', actions: { confirm } })),
  };
  const stripe = { initCheckoutElementsSdk: jest.fn(() => sdk) } as unknown as Stripe;
  return { stripe, sdk, element, on, confirm };
}

const handlers = (): jest.Mocked<ExpressCheckoutHandlers> => ({
  onReady: jest.fn(),
  onUnavailable: jest.fn(),
  onConfirm: jest.fn(),
  onResult: jest.fn(),
  onCancel: jest.fn(),
  onFocus: jest.fn(),
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the Express Checkout Element of a Checkout Session', () => {
  it('initCheckoutElementsSdk with the client secret, one element mounted, no click handler; destroy destroys it', () => {
    const fake = fakeStripe({ type: 'success' });
    const container = document.createElement('div');
    const destroy = mountExpressCheckout(fake.stripe, 'cs_test_1_secret_x', container, handlers());
    expect(fake.stripe.initCheckoutElementsSdk).toHaveBeenCalledWith({ clientSecret: 'cs_test_1_secret_x' });
    expect(fake.element.mount).toHaveBeenCalledWith(container);
    expect(Object.keys(fake.on).sort()).toEqual(['cancel', 'confirm', 'focus', 'loaderror', 'ready']);
    destroy();
    expect(fake.element.destroy).toHaveBeenCalledTimes(1);
  });

  it('ready: only the wallets reported available', () => {
    expect(availableMethods(undefined)).toEqual([]);
    expect(availableMethods({ applePay: true, googlePay: false, link: true, amazonPay: false, paypal: false, klarna: false })).toEqual([
      'applePay',
      'link',
    ]);
  });

  it("confirm: actions.confirm with the event and redirect 'if_required' (Stripe.js's default leaves for return_url); success names the session", async () => {
    const fake = fakeStripe({ type: 'success', session: { id: 'cs_test_1' } });
    const h = handlers();
    mountExpressCheckout(fake.stripe, 'cs_test_1_secret_x', document.createElement('div'), h);
    const event = { expressPaymentType: 'google_pay', paymentFailed: jest.fn() };
    fake.on.confirm(event);
    await flush();
    expect(h.onConfirm).toHaveBeenCalledWith('google_pay');
    expect(fake.confirm).toHaveBeenCalledWith({ expressCheckoutConfirmEvent: event, redirect: 'if_required' });
    expect(h.onResult).toHaveBeenCalledWith({ ok: true, sessionId: 'cs_test_1' });
    expect(event.paymentFailed).not.toHaveBeenCalled();
  });

  it('a decline: wallet_declined with the decline code for developers, and the sheet told it failed', async () => {
    const fake = fakeStripe({
      type: 'error',
      error: { message: 'Your card has insufficient funds.', code: 'paymentFailed', paymentFailed: { declineCode: 'insufficient_funds' } },
    });
    const h = handlers();
    mountExpressCheckout(fake.stripe, 'cs_test_1_secret_x', document.createElement('div'), h);
    const event = { expressPaymentType: 'apple_pay', paymentFailed: jest.fn() };
    fake.on.confirm(event);
    await flush();
    expect(event.paymentFailed).toHaveBeenCalledWith({ reason: 'fail' });
    expect(h.onResult).toHaveBeenCalledWith({
      ok: false,
      error: {
        code: 'wallet_declined',
        message: 'The wallet payment was declined (insufficient_funds): Your card has insufficient funds.',
      },
    });
  });

  it('a failure without a code is wallet_failed', () => {
    expect(confirmError({ message: 'Something went wrong.', code: null }).code).toBe('wallet_failed');
  });

  it('loaderror, and an SDK that throws, are wallets_unavailable', () => {
    const fake = fakeStripe({});
    const h = handlers();
    mountExpressCheckout(fake.stripe, 'cs_test_1_secret_x', document.createElement('div'), h);
    fake.on.loaderror({ elementType: 'expressCheckout', error: { type: 'invalid_request_error', message: 'No such session.' } });
    expect(h.onUnavailable).toHaveBeenCalledWith(expect.objectContaining({ code: 'wallets_unavailable' }));
    const broken = {
      initCheckoutElementsSdk: () => {
        throw new Error('not a function');
      },
    } as unknown as Stripe;
    const h2 = handlers();
    mountExpressCheckout(broken, 'cs_test_1_secret_x', document.createElement('div'), h2)();
    expect(h2.onUnavailable).toHaveBeenCalledWith(expect.objectContaining({ code: 'wallets_unavailable' }));
  });
});
