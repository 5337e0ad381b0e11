// Stripe's Express Checkout Element for a `ui_mode: 'elements'` Checkout Session, with the names
// @stripe/stripe-js 10.2.1 declares (stripe.d.ts: `initCheckoutElementsSdk`; checkout.d.ts:
// `createExpressCheckoutElement`, its `ready`/`confirm`/`cancel`/`loaderror` events, `loadActions`,
// `actions.confirm({ expressCheckoutConfirmEvent })`). Framework-free: the row subscribes to it.
import type {
  AvailablePaymentMethods,
  Stripe,
  StripeCheckoutConfirmResult,
  StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import type { CheckoutError } from '../core/types';
import { checkoutError, describeCause } from '../core/errors';

export interface ExpressCheckoutHandlers {
  /** `ready`: the wallets this device offers (`applePay`, `googlePay`, `link`, …); none is `[]`. */
  onReady(methods: string[]): void;
  /** `loaderror`, or an SDK that would not start: `wallets_unavailable`. */
  onUnavailable(error: CheckoutError): void;
  /** `confirm`: a wallet authorised the payment (`apple_pay`, …); the result follows. */
  onConfirm(method: string): void;
  /** Paid: the Checkout Session Stripe.js says it completed (`cs_…`). */
  onResult(result: WalletResult): void;
  /** `cancel`: the wallet's sheet was closed (it may follow a `confirm`). */
  onCancel(): void;
  /** `focus`: the person pressed (or tabbed to) a wallet's button: its sheet may be opening. */
  onFocus(): void;
}

export type WalletResult = { ok: true; sessionId: string } | { ok: false; error: CheckoutError };

/** The names of the wallets `ready` reports as available. Never a wallet it did not report. */
export function availableMethods(available: AvailablePaymentMethods | undefined): string[] {
  if (!available) return [];
  return Object.entries(available)
    .filter(([, on]) => on === true)
    .map(([name]) => name);
}

type ConfirmError = Extract<StripeCheckoutConfirmResult, { type: 'error' }>['error'];

/** Stripe's confirm error as ours: a decline (`paymentFailed`, with its decline code for developers) or another failure. */
export function confirmError(error: ConfirmError): CheckoutError {
  if (error.code === 'paymentFailed') {
    const decline = error.paymentFailed?.declineCode;
    return checkoutError('wallet_declined', `The wallet payment was declined${decline ? ` (${decline})` : ''}: ${error.message}`);
  }
  return checkoutError('wallet_failed', `The wallet payment failed: ${error.message}`);
}

/**
 * Mounts the Express Checkout Element for `clientSecret` in `container`. Every outcome reaches a
 * handler; nothing rejects. Returns the function that destroys the element.
 */
export function mountExpressCheckout(
  stripe: Stripe,
  clientSecret: string,
  container: HTMLElement,
  handlers: ExpressCheckoutHandlers,
): () => void {
  let element: ReturnType<ReturnType<Stripe['initCheckoutElementsSdk']>['createExpressCheckoutElement']>;
  let actions: ReturnType<ReturnType<Stripe['initCheckoutElementsSdk']>['loadActions']>;
  try {
    const checkout = stripe.initCheckoutElementsSdk({ clientSecret });
    element = checkout.createExpressCheckoutElement();
    // Fetched while the person looks at the row, so a confirm does not wait for it.
    actions = checkout.loadActions();
    actions.catch(() => undefined);
  } catch (cause) {
    handlers.onUnavailable(
      checkoutError('wallets_unavailable', `The Express Checkout Element could not start: ${describeCause(cause)}.`, cause),
    );
    return () => {};
  }

  const pay = async (event: StripeExpressCheckoutElementConfirmEvent): Promise<WalletResult> => {
    try {
      const loaded = await actions;
      if (loaded.type === 'error')
        return { ok: false, error: checkoutError('wallet_failed', `The Checkout actions did not load: ${loaded.error.message}`) };
      // Stripe.js's default (`always`) leaves for the session's return_url once paid: a wallet needs no
      // redirect, so the payment completes in the page (onComplete), as the docs promise.
      const result = await loaded.actions.confirm({ expressCheckoutConfirmEvent: event, redirect: 'if_required' });
      return result.type === 'success' ? { ok: true, sessionId: result.session.id } : { ok: false, error: confirmError(result.error) };
    } catch (cause) {
      return { ok: false, error: checkoutError('wallet_failed', `The wallet payment failed: ${describeCause(cause)}.`, cause) };
    }
  };

  element.on('ready', (event) => handlers.onReady(availableMethods(event.availablePaymentMethods)));
  element.on('loaderror', (event) =>
    handlers.onUnavailable(checkoutError('wallets_unavailable', `The Express Checkout Element did not load: ${event.error.message}`)),
  );
  element.on('cancel', () => handlers.onCancel());
  element.on('focus', () => handlers.onFocus());
  element.on('confirm', (event) => {
    handlers.onConfirm(event.expressPaymentType);
    void pay(event).then((result) => {
      // The wallet's sheet shows the failure; the person can try again from the row.
      if (!result.ok) {
        try {
          event.paymentFailed({ reason: 'fail' });
        } catch {
          // The sheet is gone already: the row's own message says it.
        }
      }
      handlers.onResult(result);
    });
  });
  element.mount(container);
  return () => element.destroy();
}
