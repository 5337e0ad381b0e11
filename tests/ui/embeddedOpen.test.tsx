// `embedded_open` says the dialog is on screen: not while its chunk is still on the way, and by the
// time a listener hears it, Escape closes the dialog.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import { subscribeCheckoutEvents } from '../../src/core/events';
import { answerWithStripe, resetPage } from '../support/stripeStub';

// The dialog's chunk arrives when the test says so (a slow network after start-up); the others at once.
jest.mock('../../src/core/lazyChunk', () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    releaseDialogChunk: () => release(),
    lazyChunk: <T,>(importer: () => Promise<T>) => ({
      load: () => (String(importer).includes('DialogInFlow') ? gate.then(importer) : importer()),
    }),
  };
});
const { releaseDialogChunk } = jest.requireMock<{ releaseDialogChunk: () => void }>('../../src/core/lazyChunk');

beforeEach(() => resetPage());

describe('embedded_open', () => {
  it('is told once the dialog is on screen, and Escape then closes it', async () => {
    const seen: Array<{ type: string; dialogOpen: boolean }> = [];
    subscribeCheckoutEvents((event) => {
      if (event.type.startsWith('embedded_')) seen.push({ type: event.type, dialogOpen: !!document.querySelector('dialog[open]') });
    });
    render(
      <CheckoutButton publishableKey="pk_test_open" mode="embedded" createSession={async () => ({ clientSecret: 'cs_test_1_secret_x' })}>
        Pay
      </CheckoutButton>,
    );
    await act(async () => void answerWithStripe());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(seen).toEqual([]); // the chunk is still on its way: nothing on screen, nothing told

    await act(async () => releaseDialogChunk());
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(seen).toEqual([{ type: 'embedded_open', dialogOpen: true }]));

    fireEvent(dialog, new Event('cancel', { cancelable: true })); // what Escape does to an open modal dialog
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.map((e) => e.type)).toEqual(['embedded_open', 'embedded_close']);
  });
});
