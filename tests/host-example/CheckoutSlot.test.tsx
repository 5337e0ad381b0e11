import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutSlot } from '../../host-example/src/CheckoutSlot';
import type { CheckoutModule } from '../../host-example/src/checkoutRemote';

const Button: CheckoutModule['CheckoutButton'] = ({ children }) => <button type="button">{children}</button>;
const Broken: CheckoutModule['CheckoutButton'] = () => {
  throw new Error('the remote broke while rendering');
};

describe('the host example’s checkout slot', () => {
  it('shows a placeholder, then the remote’s button', async () => {
    render(<CheckoutSlot publishableKey="pk_test_1" load={() => Promise.resolve({ CheckoutButton: Button })}>Pay</CheckoutSlot>);
    expect(screen.getByText('Loading checkout…')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });

  it('falls back when the remote does not load, and Try again loads it afresh', async () => {
    const user = userEvent.setup();
    const onRemoteError = jest.fn();
    const load = jest.fn((fresh: boolean) => (fresh ? Promise.resolve({ CheckoutButton: Button }) : Promise.reject(new Error('down'))));
    render(<CheckoutSlot publishableKey="pk_test_1" load={load} onRemoteError={onRemoteError}>Pay</CheckoutSlot>);
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout is unavailable right now.');
    expect(onRemoteError).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(load.mock.calls.map(([fresh]) => fresh)).toEqual([false, true]);
  });

  it('reports a remote failure once under StrictMode (its discarded first effect stays silent)', async () => {
    const onRemoteError = jest.fn();
    const load = () => Promise.reject(new Error('down'));
    render(
      <StrictMode>
        <CheckoutSlot publishableKey="pk_test_1" load={load} onRemoteError={onRemoteError}>
          Pay
        </CheckoutSlot>
      </StrictMode>,
    );
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onRemoteError).toHaveBeenCalledTimes(1);
  });

  it('keeps a render error of the remote inside the slot', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Your order</h1>
        <CheckoutSlot publishableKey="pk_test_1" load={() => Promise.resolve({ CheckoutButton: Broken })} />
      </main>,
    );
    await waitFor(() => expect(screen.getByTestId('remote-fallback')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
