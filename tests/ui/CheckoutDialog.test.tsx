import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { Stripe } from '@stripe/stripe-js';

// The dialog's chunk cannot be fetched (offline after start-up).
jest.mock('../../src/ui/EmbeddedDialog', () => {
  throw new Error('ChunkLoadError: Loading chunk embedded-dialog failed.');
});

import { CheckoutDialog } from '../../src/ui/CheckoutDialog';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { subscribeCheckoutEvents } from '../../src/core/events';
import { answerWithStripe, resetPage } from '../support/stripeStub';

describe("CheckoutDialog: embedded mode's dialog, a chunk of its own", () => {
  it('ends the flow in embedded_failed, once, when its chunk cannot be fetched; nothing is thrown into the page', async () => {
    const onFail = jest.fn();
    const props = {
      stripe: {} as Stripe,
      clientSecret: 'cs_test_1_secret',
      lang: 'en' as const,
      title: 'Secure payment',
      closeLabel: 'Close',
      emit: jest.fn(),
      close: jest.fn(),
      complete: jest.fn(),
    };
    const { rerender } = render(
      <StrictMode>
        <CheckoutDialog {...props} fail={onFail} />
      </StrictMode>,
    );
    await waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    // The button re-renders with a new fail: still one failure.
    const later = jest.fn();
    rerender(
      <StrictMode>
        <CheckoutDialog {...props} fail={later} />
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(later).not.toHaveBeenCalled();
    expect(onFail.mock.calls[0][0]).toMatchObject({
      code: 'embedded_failed',
      message: expect.stringMatching(/dialog could not be fetched/),
    });
  });
});

describe('the button when the dialog chunk cannot be fetched', () => {
  it('tells no embedded_open and no embedded_close: nothing was on screen; the flow ends in embedded_failed', async () => {
    resetPage();
    const types: string[] = [];
    subscribeCheckoutEvents((event) => types.push(event.type));
    const onError = jest.fn();
    render(
      <CheckoutButton
        publishableKey="pk_test_chunk"
        mode="embedded"
        onError={onError}
        createSession={async () => ({ clientSecret: 'cs_test_1_secret_x' })}
      >
        Pay
      </CheckoutButton>,
    );
    await act(async () => void answerWithStripe());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'embedded_failed' })));
    expect(types.filter((type) => type.startsWith('embedded_'))).toEqual([]);
  });
});
