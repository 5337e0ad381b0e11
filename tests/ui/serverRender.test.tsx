/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { CSS } from '../../src/ui/styles';

const BODY = { productId: 'coffee-beans-1kg', quantity: 2, mode: 'embedded', gift: true, cart: { id: 'c1' }, note: null };

describe('on a server', () => {
  it('imports without a window and renders the initial state, requesting nothing', async () => {
    expect(typeof window).toBe('undefined');
    const { CheckoutButton } = await import('../../src/exposes/CheckoutButton');
    const { getStripeScriptState, preloadStripe } = await import('../../src/exposes/stripeScript');
    const html = renderToString(<CheckoutButton publishableKey="pk_test_ssr" sessionEndpoint="/api/s" />);
    expect(html).toContain('data-checkout-state="initial"');
    expect(html).toContain('lang="en"'); // no browser language on a server
    await expect(preloadStripe({ publishableKey: 'pk_test_ssr' })).resolves.toEqual({ state: 'initial' });
    expect(getStripeScriptState()).toBe('initial');
  });

  it("with a sessionEndpoint, the HTML is a form that posts sessionBody's flat fields to it (no mode: the server's redirect), with a submit button", async () => {
    const { CheckoutButton } = await import('../../src/exposes/CheckoutButton');
    const html = renderToString(
      <CheckoutButton publishableKey="pk_test_ssr" sessionEndpoint={'/api/checkout-sessions?shop=1&x'} sessionBody={BODY} mode="embedded">
        Pay 12.00 €
      </CheckoutButton>,
    );
    const form = /<form\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/checkout-sessions?shop=1&amp;x"');
    expect(form).toContain('class="mfc-root"');
    expect(form).toContain('data-checkout-state="initial"');
    const inputs = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]);
    expect(inputs).toEqual([
      expect.stringMatching(/type="hidden" name="productId" value="coffee-beans-1kg"/),
      expect.stringMatching(/type="hidden" name="quantity" value="2"/),
      expect.stringMatching(/type="hidden" name="formKey" value="[0-9a-f]{32}"/),
    ]);
    expect(html).toMatch(/<button type="submit" class="mfc-button"[^>]*>Pay 12.00 €<\/button>/);
    expect(html.indexOf('</form>')).toBe(html.length - '</form>'.length); // the button is inside it
  });

  it('each render of the form carries its own formKey (128 random bits), never one from sessionBody', async () => {
    const { CheckoutButton } = await import('../../src/exposes/CheckoutButton');
    const render = () =>
      renderToString(
        <CheckoutButton
          publishableKey="pk_test_ssr"
          sessionEndpoint="/api/s"
          sessionBody={{ productId: 'p1', formKey: 'host-chosen-key' }}
        />,
      );
    const keysOf = (html: string) => [...html.matchAll(/name="formKey" value="([^"]*)"/g)].map((m) => m[1]);
    const keys = Array.from({ length: 20 }, () => keysOf(render()));
    for (const one of keys) expect(one).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(new Set(keys.flat()).size).toBe(20);
  });

  it("the form carries the button's styles (and the host's nonce for its CSP), so it looks like the button before any script", async () => {
    const { CheckoutButton } = await import('../../src/exposes/CheckoutButton');
    const html = renderToString(<CheckoutButton publishableKey="pk_test_ssr" sessionEndpoint="/api/s" nonce="n0nce" />);
    const style = /<style nonce="n0nce">([\s\S]*?)<\/style>/.exec(html);
    expect(style?.[1]).toBe(CSS);
  });

  it('with createSession (a function no form can call), the HTML is the plain button, as before', async () => {
    const { CheckoutButton } = await import('../../src/exposes/CheckoutButton');
    const html = renderToString(<CheckoutButton publishableKey="pk_test_ssr" createSession={async () => ({ url: 'x' })} />);
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<style');
    expect(html).toContain('type="button"');
  });
});
