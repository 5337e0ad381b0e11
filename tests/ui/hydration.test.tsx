// The server's form, hydrated: the same DOM (no mismatch, the form and its button kept), then the
// button's own flow on click with the form's submit prevented, as on a page the browser rendered.
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { CheckoutButton } from '../../src/exposes/CheckoutButton';
import type { CheckoutButtonProps } from '../../src/core/types';
import { resetPage } from '../support/stripeStub';

const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_hydrated';
const fetchMock = jest.fn(
  async (..._args: unknown[]) => ({ ok: true, status: 200, statusText: '', json: async () => ({ url: CHECKOUT_URL }) }) as Response,
);

let consoleError: jest.SpyInstance;
let root: Root | undefined;
beforeEach(() => {
  resetPage();
  fetchMock.mockClear();
  globalThis.fetch = fetchMock;
  consoleError = jest.spyOn(console, 'error');
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  // A hydration mismatch is reported here (React 18 and 19 alike).
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

async function hydrate(props: CheckoutButtonProps) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const element = <CheckoutButton {...props}>Pay 12.00 €</CheckoutButton>;
  container.innerHTML = renderToString(element);
  const served = { form: container.querySelector('form'), button: container.querySelector('button') };
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  return { container, served };
}

describe('the server-rendered form, once hydrated', () => {
  it('keeps the form and its button (no mismatch), turns the button into a plain button and drops the inline styles', async () => {
    const redirect = jest.fn(() => true);
    const { container, served } = await hydrate({
      publishableKey: 'pk_test_h',
      sessionEndpoint: '/api/checkout-sessions',
      sessionBody: { productId: 'p1' },
      redirect,
    });
    expect(served.form).not.toBeNull();
    expect(container.querySelector('form')).toBe(served.form);
    expect(container.querySelector('button')).toBe(served.button);
    expect(served.button).toHaveAttribute('type', 'button');
    expect(container.querySelector('style')).toBeNull();
    expect(container.querySelector('input[name="productId"]')).toHaveValue('p1');
    // The server's key and hydration's differ by design: no mismatch reported (afterEach), a key still there.
    expect(container.querySelector<HTMLInputElement>('input[name="formKey"]')?.value).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a click runs the button's flow (JSON to the endpoint, the redirect); a submit of the form is prevented", async () => {
    const redirect = jest.fn(() => true);
    const { container } = await hydrate({
      publishableKey: 'pk_test_h',
      sessionEndpoint: '/api/checkout-sessions',
      sessionBody: { productId: 'p1' },
      redirect,
    });
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await act(async () => {
      container.querySelector('button')!.click();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/checkout-sessions');
    expect(JSON.parse(init.body as string)).toEqual({ productId: 'p1', mode: 'redirect' });
    expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL);
  });
});
