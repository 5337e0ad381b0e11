import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { CheckoutSlot } from '@checkout/host-kit/react';
import type { CheckoutModule } from '../../host-example/src/checkoutRemote';

const Button: CheckoutModule['CheckoutButton'] = ({ children }) => <button type="button">{children}</button>;
const Broken: CheckoutModule['CheckoutButton'] = () => {
  throw new Error('the remote broke while rendering');
};
const checkout = {
  publishableKey: 'pk_test_1',
  sessionEndpoint: '/api/checkout-sessions',
  sessionBody: { productId: 'p1', quantity: 2, mode: 'embedded', cart: { id: 1 } },
};

/** The slot's form, as the browser would post it: its action and its fields. */
function postedForm(): { action: string | null; method: string | null; fields: Array<[string, string]>; submit: string } {
  const form = document.querySelector('form');
  if (!form) throw new Error('no form in the slot');
  return {
    action: form.getAttribute('action'),
    method: form.getAttribute('method'),
    fields: [...new FormData(form).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
    submit: form.querySelector('button[type="submit"]')?.textContent ?? '',
  };
}

// A fresh formKey per render of the form (128 random bits): two people behind one address are two sessions.
const PAYS = {
  action: '/api/checkout-sessions',
  method: 'post',
  fields: [
    ['productId', 'p1'],
    ['quantity', '2'],
    ['formKey', expect.stringMatching(/^[0-9a-f]{32}$/)],
  ],
  submit: 'Pay 12.00 €',
};

describe('the host example’s checkout slot', () => {
  it('while the remote loads, a form that pays (the endpoint, the flat fields of sessionBody, no mode), then the remote’s button in its place', async () => {
    let resolve!: (module: CheckoutModule) => void;
    const load = () => new Promise<CheckoutModule>((r) => (resolve = r));
    render(
      <CheckoutSlot {...checkout} load={load}>
        Pay 12.00 €
      </CheckoutSlot>,
    );
    expect(postedForm()).toEqual(PAYS);
    resolve({ CheckoutButton: Button });
    await waitFor(() => expect(document.querySelector('form')).toBeNull());
    expect(screen.getByRole('button', { name: 'Pay 12.00 €' })).toHaveAttribute('type', 'button');
  });

  it('when the remote does not load, the same form stays (no "unavailable", nothing to retry) and the host hears why', async () => {
    const onRemoteError = jest.fn();
    render(
      <CheckoutSlot {...checkout} load={() => Promise.reject(new Error('down'))} onRemoteError={onRemoteError}>
        Pay 12.00 €
      </CheckoutSlot>,
    );
    await waitFor(() => expect(onRemoteError).toHaveBeenCalledWith(expect.objectContaining({ message: 'down' })));
    expect(postedForm()).toEqual(PAYS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('reports a remote failure once under StrictMode (its discarded first effect stays silent)', async () => {
    const onRemoteError = jest.fn();
    const load = () => Promise.reject(new Error('down'));
    render(
      <StrictMode>
        <CheckoutSlot {...checkout} load={load} onRemoteError={onRemoteError}>
          Pay
        </CheckoutSlot>
      </StrictMode>,
    );
    await waitFor(() => expect(onRemoteError).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onRemoteError).toHaveBeenCalledTimes(1);
  });

  it('keeps a render error of the remote inside the slot: the form takes the button’s place', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <main>
        <h1>Your order</h1>
        <CheckoutSlot {...checkout} load={() => Promise.resolve({ CheckoutButton: Broken })}>
          Pay 12.00 €
        </CheckoutSlot>
      </main>,
    );
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(postedForm()).toEqual(PAYS);
    expect(screen.getByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('each page render gets its own formKey, kept across re-renders (a double submit stays one session)', () => {
    const keyOf = () => new FormData(document.querySelector('form')!).get('formKey');
    const first = render(
      <CheckoutSlot {...checkout} load={() => new Promise<CheckoutModule>(() => {})}>
        Pay 12.00 €
      </CheckoutSlot>,
    );
    const key = keyOf();
    first.rerender(
      <CheckoutSlot {...checkout} load={() => new Promise<CheckoutModule>(() => {})}>
        Pay 12.00 €
      </CheckoutSlot>,
    );
    expect(keyOf()).toBe(key);
    first.unmount();
    render(
      <CheckoutSlot {...checkout} load={() => new Promise<CheckoutModule>(() => {})}>
        Pay 12.00 €
      </CheckoutSlot>,
    );
    expect(keyOf()).not.toBe(key);
  });
});
