/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';

describe('on a server', () => {
  it('imports without a window and renders the initial state, requesting nothing', async () => {
    expect(typeof window).toBe('undefined');
    const { CheckoutButton } = await import('../../src/CheckoutButton');
    const { getStripeScriptState, preloadStripe } = await import('../../src/stripeScript');
    const html = renderToString(<CheckoutButton publishableKey="pk_test_ssr" sessionEndpoint="/api/s" />);
    expect(html).toContain('data-checkout-state="initial"');
    expect(html).toContain('type="button"');
    expect(html).toContain('lang="en"'); // no browser language on a server
    await expect(preloadStripe({ publishableKey: 'pk_test_ssr' })).resolves.toEqual({ state: 'initial' });
    expect(getStripeScriptState()).toBe('initial');
  });
});
