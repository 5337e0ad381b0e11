// The button's server-rendered form, posted as a browser with no script posts it: two renders (two
// people behind one address, one browser build, so one fingerprint without a key) get two Checkout
// Sessions; one render submitted twice (a double click) gets one.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CheckoutButton } from '../../../src/exposes/CheckoutButton';
import { postForm, standInSessions, type FormServerFixture } from '../support/formServer';

export function describeKeyPerRender(form: FormServerFixture): void {
  /** The fields a browser posts for the form in `html`: its hidden inputs, in order. */
  function fieldsOf(html: string): Record<string, string> {
    return Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [m[1], m[2]]));
  }
  const button = () =>
    createElement(CheckoutButton, {
      publishableKey: 'pk_test_ssr',
      sessionEndpoint: '/api/checkout-sessions',
      sessionBody: { productId: 'coffee-beans-1kg' },
    });
  const render = () => fieldsOf(renderToString(button()));

  describe('the server-rendered form, posted without script (its formKey)', () => {
    it('two renders, one address and one User-Agent: two sessions; one render posted twice: one session', async () => {
      const before = (await standInSessions(form.stripe)).length;
      const [first, second] = [render(), render()];
      expect(Object.keys(first)).toEqual(['productId', 'formKey']);
      const sameBrowser = {
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      };
      const a = await postForm(form.server.url, first, sameBrowser);
      const b = await postForm(form.server.url, second, sameBrowser);
      const again = await postForm(form.server.url, first, sameBrowser);
      expect([a.status, b.status, again.status]).toEqual([303, 303, 303]);
      expect(a.headers.get('location')).not.toBe(b.headers.get('location'));
      expect(again.headers.get('location')).toBe(a.headers.get('location'));
      expect((await standInSessions(form.stripe)).length - before).toBe(2);
    });
  });
}
