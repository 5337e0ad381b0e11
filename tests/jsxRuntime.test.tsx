import { createElement, isValidElement } from 'react';
import { render, screen } from '@testing-library/react';
import { Fragment, jsx, jsxs } from '../src/jsxRuntime';

describe('the remote’s JSX runtime over the host’s createElement', () => {
  it('makes the same element createElement makes, key and children included', () => {
    const element = jsx('li', { className: 'row', children: 'one' }, 'k1');
    const expected = createElement('li', { className: 'row', key: 'k1' }, 'one');
    expect(isValidElement(element)).toBe(true);
    expect((element as unknown as { $$typeof: symbol }).$$typeof).toBe((expected as unknown as { $$typeof: symbol }).$$typeof);
    expect(element.key).toBe('k1');
    expect(element.props).toEqual({ className: 'row', children: 'one' });
  });

  it('renders nested static children and fragments', () => {
    render(jsxs(Fragment, { children: [jsx('button', { type: 'button', children: 'Pay' }, 'a'), jsx('p', { role: 'alert', children: 'Oops' }, 'b')] }));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Oops');
  });
});
