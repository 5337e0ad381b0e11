import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import type { Stripe } from '@stripe/stripe-js';

// The dialog's chunk cannot be fetched (offline after start-up).
jest.mock('../../src/ui/EmbeddedDialog', () => {
  throw new Error('ChunkLoadError: Loading chunk embedded-dialog failed.');
});

import { CheckoutDialog } from '../../src/ui/CheckoutDialog';

describe("CheckoutDialog: embedded mode's dialog, a chunk of its own", () => {
  it('ends the flow in embedded_failed, once, when its chunk cannot be fetched; nothing is thrown into the page', async () => {
    const onFail = jest.fn();
    const props = { stripe: {} as Stripe, clientSecret: 'cs_test_1_secret', title: 'Secure payment', closeLabel: 'Close', onClose: jest.fn(), onComplete: jest.fn() };
    const { rerender } = render(
      <StrictMode>
        <CheckoutDialog {...props} onFail={onFail} />
      </StrictMode>,
    );
    await waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    // The button re-renders with a new onFail: still one failure.
    const later = jest.fn();
    rerender(
      <StrictMode>
        <CheckoutDialog {...props} onFail={later} />
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(later).not.toHaveBeenCalled();
    expect(onFail.mock.calls[0][0]).toMatchObject({ code: 'embedded_failed', message: expect.stringMatching(/dialog could not be fetched/) });
  });
});
