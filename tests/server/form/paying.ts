// A plain HTML form pays: POST /api/checkout-sessions urlencoded (or multipart) answers 303 See Other
// to the hosted page of a session priced from the catalog, through the real `stripe` library against
// the API stand-in. The button's JSON path is unchanged beside it.
import { CHECKOUT_PATHS } from '../../../server/routes';
import { postForm, RETURN_PAGE, standInSessions, type FormServerFixture, person } from '../support/formServer';

export function describePaying(form: FormServerFixture): void {
  const lastCreate = () => form.standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;

  describe('a plain form posted to /api/checkout-sessions', () => {
    it('is answered 303 See Other with Location: the hosted page of the session the stand-in made', async () => {
      const res = await postForm(form.server.url, { productId: 'coffee-beans-1kg' }, person());
      expect(res.status).toBe(303);
      const made = (await standInSessions(form.stripe)).at(-1)!;
      expect(res.headers.get('location')).toBe(made.url);
      expect(new URL(made.url!).origin).toBe('https://checkout.stripe.com');
      expect(await res.text()).toBe('');
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('creates a hosted_page session priced from the catalog, whatever price fields the form carries', async () => {
      const res = await postForm(
        form.server.url,
        { productId: 'coffee-beans-1kg', amount: '1', unit_amount: '1', currency: 'jpy' },
        person(),
      );
      expect(res.status).toBe(303);
      const sent = lastCreate();
      expect(sent.params).toEqual({
        mode: 'payment',
        ui_mode: 'hosted_page',
        line_items: [
          {
            price_data: { currency: 'eur', unit_amount: '1200', product_data: { name: 'Coffee beans, 1 kg' } },
            quantity: '1',
            metadata: { product_id: 'coffee-beans-1kg' },
          },
        ],
        metadata: { product_id: 'coffee-beans-1kg', integration: 'checkout-button', quantity: '1' },
        success_url: `${RETURN_PAGE}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${RETURN_PAGE}?checkout=canceled`,
      });
      expect(sent.headers['idempotency-key']).toMatch(/^form-[0-9a-f-]{36}$/);
    });

    it.each(['redirect', 'embedded', 'wallets'])(
      'mode=%s leads to the hosted page too (a form cannot embed or show wallets)',
      async (mode) => {
        const res = await postForm(form.server.url, { productId: 'coffee-beans-1kg', mode }, person());
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\//);
        expect(lastCreate().params).toMatchObject({ ui_mode: 'hosted_page' });
      },
    );

    it('takes the multipart encoding (a form with enctype="multipart/form-data")', async () => {
      const fields = new FormData();
      fields.set('productId', 'coffee-beans-1kg');
      const res = await fetch(`${form.server.url}${CHECKOUT_PATHS.sessions}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...person(), 'Sec-Fetch-Site': 'same-origin' },
        body: fields,
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe((await standInSessions(form.stripe)).at(-1)!.url);
    });

    it("leaves the button's JSON path as it was: { url } for a JSON request with its Idempotency-Key", async () => {
      const res = await fetch(`${form.server.url}${CHECKOUT_PATHS.sessions}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'a-buttons-click-key' },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      });
      expect(res.status).toBe(200);
      expect(Object.keys((await res.json()) as object)).toEqual(['url']);
      expect(lastCreate().headers['idempotency-key']).toBe('a-buttons-click-key');
    });
  });
}
