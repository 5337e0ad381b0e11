import { act, screen } from '@testing-library/react';
import { mount } from '../../src/exposes/mount';
import { resetPage, stripeTags } from '../support/stripeStub';

beforeEach(() => resetPage());

describe('mount (framework-agnostic)', () => {
  it('renders into a plain element, updates props and unmounts', async () => {
    const target = document.createElement('div');
    document.body.appendChild(target);
    const createSession = jest.fn(async () => ({ url: 'https://checkout.stripe.com/x' }));
    let handle!: ReturnType<typeof mount>;
    await act(async () => {
      handle = mount(target, { publishableKey: 'pk_test_mount', createSession, children: 'Buy' });
    });
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
    expect(stripeTags()).toHaveLength(1);

    await act(async () => handle.update({ children: 'Buy now', disabled: true }));
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeDisabled();

    await act(async () => handle.unmount());
    expect(target).toBeEmptyDOMElement();
    // After unmount, update and unmount are harmless no-ops.
    expect(() => {
      handle.update({ disabled: false });
      handle.unmount();
    }).not.toThrow();
    expect(target).toBeEmptyDOMElement();
  });

  it("takes the target's own content (the host's fallback form) out while the button is there, and puts the same nodes back on unmount", async () => {
    const target = document.createElement('div');
    target.innerHTML =
      '<form method="post" action="/api/checkout-sessions"><input type="hidden" name="productId" value="p1"><button type="submit">Pay</button></form>';
    document.body.appendChild(target);
    const form = target.firstElementChild;
    let handle!: ReturnType<typeof mount>;
    await act(async () => {
      handle = mount(target, {
        publishableKey: 'pk_test_mount',
        createSession: async () => ({ url: 'https://checkout.stripe.com/x' }),
        children: 'Pay',
      });
    });
    expect(target.querySelector('form')).toBeNull();
    expect(target.querySelector('[data-checkout-state]')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Pay' })).toHaveLength(1);

    await act(async () => handle.unmount());
    expect(Array.from(target.childNodes)).toEqual([form]);
    expect(form!.querySelector('button[type="submit"]')).toHaveTextContent('Pay');
  });
});
