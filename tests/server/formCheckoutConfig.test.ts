/** @jest-environment node */
// The form's set-up from the environment: which origins may post it (FORM_ALLOWED_ORIGINS), and the
// assembled server half (backend.ts) taking a form with its idempotency in the orders' database.
import { openCheckoutBackend } from '../../server/backend';
import { formOriginsFromEnv } from '../../server/formOrigin';
import { startStripeApiStandIn, stripeForStandIn } from '../../stand-ins/stripeApi';
import { serveRoutes } from '../support/serveHandler';
import { postForm, standInSessions } from './support/formServer';

describe('FORM_ALLOWED_ORIGINS', () => {
  it("unset: the return page's origin", () => {
    expect(formOriginsFromEnv({}, 'https://shop.example/checkout/return?x=1')).toEqual(['https://shop.example']);
  });

  it('a comma-separated list of origins, a trailing slash and blanks tolerated', () => {
    expect(formOriginsFromEnv({ FORM_ALLOWED_ORIGINS: 'https://shop.example/, https://www.shop.example:8443,' }, 'https://x.example/')).toEqual([
      'https://shop.example',
      'https://www.shop.example:8443',
    ]);
  });

  it.each(['https://shop.example/pay', 'shop.example', 'ftp://shop.example', '*'])('refuses %p at start-up, saying what an origin is', (entry) => {
    expect(() => formOriginsFromEnv({ FORM_ALLOWED_ORIGINS: entry }, 'https://shop.example/')).toThrow(/is not an origin \(https:\/\/shop\.example, no path\)/);
  });
});

describe('the assembled server half', () => {
  it("takes a plain form: a double submit lands on one session, remembered in the orders' database", async () => {
    const standIn = await startStripeApiStandIn();
    const { routes, db } = await openCheckoutBackend({
      stripe: stripeForStandIn(standIn),
      returnPage: 'https://shop.example/return',
      env: { DATABASE_URL: 'memory://', FORM_ALLOWED_ORIGINS: 'https://shop.example' },
    });
    const served = await serveRoutes(routes);
    try {
      const first = await postForm(served.url, { productId: 'coffee-beans-1kg' });
      const second = await postForm(served.url, { productId: 'coffee-beans-1kg' });
      expect([first.status, second.status]).toEqual([303, 303]);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      expect(await standInSessions(stripeForStandIn(standIn))).toHaveLength(1);
      expect(await db.query('SELECT count(*)::int AS n FROM checkout_form_submissions')).toEqual([{ n: 1 }]);
      expect((await postForm(served.url, { productId: 'coffee-beans-1kg' }, { Origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      await served.close();
      await db.close();
      await standIn.close();
    }
  }, 30_000);
});
