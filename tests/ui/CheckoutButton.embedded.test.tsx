import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutButtonProps } from '../../src/core/types';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { expectNoAxeViolations } from '../support/axe';
import { answerWithStripe, failNetwork, fakeStripeInstance, resetPage } from '../support/stripeStub';

const KEY = 'pk_test_51Hembedded';
const SECRET = 'cs_test_1_secret_abc';

type Instance = ReturnType<typeof fakeStripeInstance>;

function setup(props: Partial<CheckoutButtonProps> = {}) {
  const callbacks = {
    onComplete: jest.fn(),
    onError: jest.fn(),
    createSession: jest.fn(async () => ({ clientSecret: SECRET })),
  };
  const view = render(
    <CheckoutButton publishableKey={KEY} mode="embedded" maxLoadAttempts={1} {...callbacks} {...props}>
      Pay 30 €
    </CheckoutButton>,
  );
  const root = () => view.container.firstElementChild as HTMLElement;
  const button = () => screen.getByRole('button', { name: /pay 30/i });
  return { ...view, ...callbacks, root, button };
}

/** Resolves Stripe.js and returns the instance the button will use. */
async function resolveStripe(): Promise<Instance> {
  const Stripe = await act(async () => answerWithStripe());
  await waitFor(() => expect(Stripe).toHaveBeenCalledTimes(1));
  return Stripe.mock.results[0].value as Instance;
}

async function openDialog() {
  const user = userEvent.setup();
  const view = setup();
  const stripe = await resolveStripe();
  await user.click(view.button());
  const dialog = await screen.findByRole('dialog', { name: 'Secure checkout' });
  await waitFor(() => expect(stripe.createEmbeddedCheckoutPage).toHaveBeenCalled());
  const checkout = await stripe.createEmbeddedCheckoutPage.mock.results[0].value;
  return { ...view, user, stripe, dialog, checkout };
}

beforeEach(() => resetPage());

describe('CheckoutButton, embedded mode', () => {
  it('opens Stripe embedded Checkout for the session, in a labelled modal dialog', async () => {
    const { stripe, dialog, checkout } = await openDialog();
    expect(dialog).toHaveAttribute('open');
    const options = stripe.createEmbeddedCheckoutPage.mock.calls[0] as unknown as [{ fetchClientSecret: () => Promise<string> }];
    await expect(options[0].fetchClientSecret()).resolves.toBe(SECRET);
    expect(checkout.mount).toHaveBeenCalledWith(dialog.querySelector('.mfc-embed'));
    expect(screen.getByRole('button', { name: 'Close checkout' })).toBeInTheDocument();
  });

  it('the close button destroys the instance and gives focus back to the button', async () => {
    const { user, checkout, button } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
    expect(button()).toHaveFocus();
  });

  it('Escape (the dialog cancel event) closes it the same way', async () => {
    const { dialog, checkout, button } = await openDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
    expect(button()).toHaveFocus();
  });

  it("calls onComplete with the paid session's id (never its secret) when Stripe says the payment finished, and closes", async () => {
    const { stripe, onComplete, checkout } = await openDialog();
    const [{ onComplete: stripeOnComplete }] = stripe.createEmbeddedCheckoutPage.mock.calls[0] as unknown as [{ onComplete: () => void }];
    act(() => stripeOnComplete());
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith({ sessionId: 'cs_test_1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
  });

  it('reports embedded_failed when embedded Checkout cannot start', async () => {
    const user = userEvent.setup();
    const { button, root, onError } = setup();
    const stripe = await resolveStripe();
    stripe.createEmbeddedCheckoutPage.mockRejectedValueOnce(new Error('IntegrationError: invalid client secret'));
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'embedded_failed'));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'embedded_failed' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/could not be opened/i);
    expect(button()).toBeEnabled();
  });

  it('needs a clientSecret: a { url } session is invalid_session', async () => {
    const user = userEvent.setup();
    const { button, root } = setup({ createSession: jest.fn(async () => ({ url: 'https://checkout.stripe.com/x' })) });
    await resolveStripe();
    await user.click(button());
    await waitFor(() => expect(root()).toHaveAttribute('data-checkout-error', 'invalid_session'));
  });

  it('while rejected: the button is disabled and Try again is offered', async () => {
    const { button, root } = setup();
    await act(async () => {
      failNetwork();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(root()).toHaveAttribute('data-checkout-state', 'rejected');
    expect(button()).toBeDisabled();
    expect(screen.getByRole('button', { name: /try again/i })).toBeEnabled();
  });

  it('unmounting with the dialog open destroys the instance', async () => {
    const { checkout, unmount } = await openDialog();
    unmount();
    expect(checkout.destroy).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations with the dialog open', async () => {
    await openDialog();
    await expectNoAxeViolations(document.body);
  });
});
