import { act, screen } from '@testing-library/react';
import { mount } from '../src/mount';
import { resetPage, stripeTags } from './support/stripeStub';

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
});
