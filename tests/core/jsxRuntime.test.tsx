import { createElement, isValidElement } from 'react';
import { render, screen } from '@testing-library/react';
import { Fragment, jsx, jsxs } from '../../src/core/jsxRuntime';

describe('the remote’s JSX runtime over the host’s createElement', () => {
  it('makes the same element createElement makes, key and children included', () => {
    const element = jsx('li', { className: 'row', children: 'one' }, 'k1');
    const expected = createElement('li', { className: 'row', key: 'k1' }, 'one');
    expect(isValidElement(element)).toBe(true);
    expect((element as unknown as { $$typeof: symbol }).$$typeof).toBe((expected as unknown as { $$typeof: symbol }).$$typeof);
    expect(element.key).toBe('k1');
    expect(element.props).toEqual({ className: 'row', children: 'one' });
  });

  it('renders nested static children and fragments, with no key warning', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      jsxs(Fragment, { children: [jsx('button', { type: 'button', children: 'Pay' }), jsx('p', { role: 'alert', children: 'Oops' })] }),
    );
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Oops');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('still lets React check the keys of a list built at runtime', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(jsx('ul', { children: ['a', 'b'].map((t) => jsx('li', { children: t })) }));
    expect(consoleError.mock.calls.join(' ')).toMatch(/unique "key" prop/);
    consoleError.mockRestore();
  });
});
