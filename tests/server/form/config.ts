// The form's set-up from the environment: which origins may post it (FORM_ALLOWED_ORIGINS), and the
// assembled server half (backend.ts) taking a form with its idempotency in the orders' database.
import { openCheckoutBackend } from '../../../server/backend';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { formOriginsFromEnv } from '../../../server/form/formOrigin';
import type { FormSubmissions } from '../../../server/form/formSubmissions';
import { createCheckoutHandlers } from '../../../server/routes';
import { startStripeApiStandIn, stripeForStandIn } from '../../../stand-ins/stripeApi';
import { memoryOrders } from '../../support/orders';
import { serveRoutes } from '../../support/serveHandler';
import { postForm, standInSessions } from '../support/formServer';

export function describeConfig(): void {
  describe('FORM_ALLOWED_ORIGINS', () => {
    it("unset: the return page's origin", () => {
      expect(formOriginsFromEnv({}, 'https://shop.example/checkout/return?x=1')).toEqual(['https://shop.example']);
    });

    it('a comma-separated list of origins, a trailing slash and blanks tolerated', () => {
      expect(
        formOriginsFromEnv({ FORM_ALLOWED_ORIGINS: 'https://shop.example/, https://www.shop.example:8443,' }, 'https://x.example/'),
      ).toEqual(['https://shop.example', 'https://www.shop.example:8443']);
    });

    it.each(['https://shop.example/pay', 'shop.example', 'ftp://shop.example', '*'])(
      'refuses %p at start-up, saying what an origin is',
      (entry) => {
        expect(() => formOriginsFromEnv({ FORM_ALLOWED_ORIGINS: entry }, 'https://shop.example/')).toThrow(
          /is not an origin \(https:\/\/shop\.example, no path\)/,
        );
      },
    );
  });

  describe('the assembled server half', () => {
    it("takes a plain form: a double submit lands on one session, remembered in the orders' database", async () => {
      const standIn = await startStripeApiStandIn();
      const { handlers, db } = await openCheckoutBackend({
        stripe: stripeForStandIn(standIn),
        returnPage: 'https://shop.example/return',
        env: { DATABASE_URL: 'memory://', FORM_ALLOWED_ORIGINS: 'https://shop.example' },
      });
      const served = await serveRoutes(handlers);
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
    }, 120_000);
  });

  describe('when the form cannot be remembered', () => {
    async function serveWith(formSubmissions: FormSubmissions | undefined) {
      const standIn = await startStripeApiStandIn();
      const store = await memoryOrders();
      const logged: string[] = [];
      const routes = createCheckoutHandlers({
        stripe: stripeForStandIn(standIn),
        catalog: catalogOf(DEMO_PRODUCTS),
        returnPage: 'https://shop.example/return',
        orders: store.orders,
        sessionRequests: store.sessionRequests,
        fulfil: async () => {},
        rateLimit: false,
        formSubmissions,
        log: (message, detail) => logged.push(`${message} ${String(detail)}`),
      });
      const served = await serveRoutes(routes);
      const close = async () => {
        await served.close();
        await store.db.close();
        await standIn.close();
      };
      return { served, logged, standIn, close };
    }

    it('createCheckoutHandlers given no formSubmissions: a form gets a 503 page that says the set-up is broken, and the log says what is missing', async () => {
      const { served, logged, standIn, close } = await serveWith(undefined);
      try {
        const res = await postForm(served.url, { productId: 'coffee-beans-1kg' });
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await res.text()).toContain('The shop’s payment set-up is broken');
        expect(logged).toEqual([expect.stringContaining('createCheckoutHandlers was given no formSubmissions')]);
        expect(standIn.requests).toEqual([]);
      } finally {
        await close();
      }
    }, 120_000);

    it('the database failing: a 500 page that says nothing was charged, the error in the log only', async () => {
      const broken: FormSubmissions = {
        claim: async () => Promise.reject(new Error('connection to the database lost')),
        recordSession: async () => {},
        renew: async () => Promise.reject(new Error('unused')),
      };
      const { served, logged, close } = await serveWith(broken);
      try {
        const res = await postForm(served.url, { productId: 'coffee-beans-1kg' }, { 'Accept-Language': 'nl' });
        expect(res.status).toBe(500);
        const html = await res.text();
        expect(html).toContain('<html lang="nl">');
        expect(html).toContain('Er is niets afgeschreven.');
        expect(html).not.toContain('database');
        expect(logged.join('\n')).toContain('connection to the database lost');
      } finally {
        await close();
      }
    }, 120_000);
  });
}
