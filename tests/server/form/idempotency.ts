// A double submit of a plain form (a double click, back and submit again) makes one Checkout Session:
// the server derives the form's Idempotency-Key from the submitter and remembers it in the orders'
// database for a window, so every instance replays the same open session, and a session that is over
// (paid, expired) gives way to a new one.
import { catalogOf, DEMO_PRODUCTS, type Product } from '../../../server/sessions/catalog';
import { startStripeApiStandIn, stripeForStandIn } from '../../../stand-ins/stripeApi';
import { postForm, serveFormRoutes, standInSessions, type FormServerFixture, person, COFFEE } from '../support/formServer';
import { until } from '../../support/until';

export function describeIdempotency(form: FormServerFixture): void {
  const sessionCount = async () => (await standInSessions(form.stripe)).length;
  const idOf = (location: string | null) => /\/pay\/(cs_test_\w+)/.exec(location ?? '')![1];

  describe('a double submit of the plain form', () => {
    it('two posts in a row land on one session: the stand-in made one', async () => {
      const who = person();
      const before = await sessionCount();
      const first = await postForm(form.server.url, COFFEE, who);
      const second = await postForm(form.server.url, COFFEE, who);
      expect([first.status, second.status]).toEqual([303, 303]);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      expect(await sessionCount()).toBe(before + 1);
    });

    it('two posts at once land on one session: the stand-in made one', async () => {
      const who = person();
      const before = await sessionCount();
      const answers = await Promise.all([
        postForm(form.server.url, COFFEE, who),
        postForm(form.server.url, COFFEE, who),
        postForm(form.server.url, COFFEE, who),
      ]);
      expect(answers.map((res) => res.status)).toEqual([303, 303, 303]);
      expect(new Set(answers.map((res) => res.headers.get('location'))).size).toBe(1);
      expect(await sessionCount()).toBe(before + 1);
    });

    it('two instances over one database agree: the second replays the session the first made', async () => {
      const other = await serveFormRoutes({ stripe: form.stripe, db: form.store.db });
      try {
        const who = person();
        const before = await sessionCount();
        const first = await postForm(form.server.url, COFFEE, who);
        const second = await postForm(other.url, COFFEE, who);
        expect(second.headers.get('location')).toBe(first.headers.get('location'));
        expect(await sessionCount()).toBe(before + 1);
      } finally {
        await other.close();
      }
    });

    it('two posts at once on two instances, while Stripe still runs the first: the second waits out the 409 and lands on the one session', async () => {
      const slowStripe = await startStripeApiStandIn();
      const hold = slowStripe.holdCreates();
      const slow = stripeForStandIn(slowStripe);
      const [a, b] = await Promise.all([
        serveFormRoutes({ stripe: slow, db: form.store.db }),
        serveFormRoutes({ stripe: slow, db: form.store.db }),
      ]);
      try {
        const who = person();
        const posted = Promise.all([postForm(a.url, COFFEE, who), postForm(b.url, COFFEE, who)]);
        // The first create stays at Stripe until the other instance's has been answered 409.
        await hold.reached(1);
        await until('the second create answered 409', () => slowStripe.requests.some((r) => r.status === 409));
        hold.release();
        const answers = await posted;
        expect(answers.map((res) => res.status)).toEqual([303, 303]);
        expect(answers[1].headers.get('location')).toBe(answers[0].headers.get('location'));
        expect(await standInSessions(slow)).toHaveLength(1);
        expect(slowStripe.requests.filter((r) => r.method === 'POST').map((r) => r.status)).toContain(409);
      } finally {
        hold.release();
        await Promise.all([a.close(), b.close()]);
        await slowStripe.close();
      }
    });

    it.each<['complete' | 'expire']>([['complete'], ['expire']])(
      'once the session is over (%s), the next submit makes a new one, and replays that',
      async (end) => {
        const who = person();
        const first = await postForm(form.server.url, COFFEE, who);
        if (end === 'complete') await form.standIn.complete(idOf(first.headers.get('location')), 'paid');
        else await form.standIn.expire(idOf(first.headers.get('location')));
        const next = await postForm(form.server.url, COFFEE, who);
        expect(next.status).toBe(303);
        expect(next.headers.get('location')).not.toBe(first.headers.get('location'));
        const again = await postForm(form.server.url, COFFEE, who);
        expect(again.headers.get('location')).toBe(next.headers.get('location'));
      },
    );

    it('another person or another page render (formKey) gets a session of its own', async () => {
      const who = person();
      const base = (await postForm(form.server.url, { ...COFFEE, formKey: 'render-key-aaaa' }, who)).headers.get('location');
      const otherPerson = (await postForm(form.server.url, { ...COFFEE, formKey: 'render-key-aaaa' }, person())).headers.get('location');
      const otherRender = (await postForm(form.server.url, { ...COFFEE, formKey: 'render-key-bbbb' }, who)).headers.get('location');
      const sameRender = (await postForm(form.server.url, { ...COFFEE, formKey: 'render-key-aaaa' }, who)).headers.get('location');
      expect(new Set([base, otherPerson, otherRender]).size).toBe(3);
      expect(sameRender).toBe(base);
    });

    it('the same person from another address gets a session of its own (X-Forwarded-For, behind a trusted proxy)', async () => {
      const proxied = await serveFormRoutes({
        stripe: form.stripe,
        db: form.store.db,
        rateLimit: { sessions: false, walletSessions: false, status: false },
        trustProxy: 1,
      });
      try {
        const who = person();
        const a = await postForm(proxied.url, COFFEE, { ...who, 'X-Forwarded-For': '203.0.113.7' });
        const b = await postForm(proxied.url, COFFEE, { ...who, 'X-Forwarded-For': '198.51.100.9' });
        const a2 = await postForm(proxied.url, COFFEE, { ...who, 'X-Forwarded-For': '203.0.113.7' });
        expect(b.headers.get('location')).not.toBe(a.headers.get('location'));
        expect(a2.headers.get('location')).toBe(a.headers.get('location'));
      } finally {
        await proxied.close();
      }
    });

    it('past the window, a submit makes a new session', async () => {
      const short = await serveFormRoutes({ stripe: form.stripe, db: form.store.db, windowMs: 1000 });
      try {
        const who = person();
        const first = await postForm(short.url, COFFEE, who);
        // The window is measured on the database's clock: the remembered submits made 1.1 s older (each
        // earlier test has a submitter of its own), not a wait for it.
        await form.store.db.query(`UPDATE checkout_form_submissions SET created_at = created_at - interval '1100 milliseconds'`);
        const later = await postForm(short.url, COFFEE, who);
        expect(later.status).toBe(303);
        expect(later.headers.get('location')).not.toBe(first.headers.get('location'));
      } finally {
        await short.close();
      }
    });

    it('a price changed in the catalog before the session was recorded: the next submit still lands on the first session (its parameters are kept per key), no idempotency error', async () => {
      const products: Product[] = DEMO_PRODUCTS.map((p) => ({ ...p }));
      const repriced = await serveFormRoutes({ stripe: form.stripe, db: form.store.db, catalog: catalogOf(products) });
      try {
        const who = person();
        const before = await sessionCount();
        const first = await postForm(repriced.url, COFFEE, who);
        // As if the instance had died between Stripe's answer and recording it.
        await form.store.db.query('UPDATE checkout_form_submissions SET session_id = NULL');
        products[0].unitAmount = 1500;
        const calls = form.standIn.requests.length;
        const later = await postForm(repriced.url, COFFEE, who);
        expect(later.status).toBe(303);
        expect(later.headers.get('location')).toBe(first.headers.get('location'));
        expect(form.standIn.requests.slice(calls).map((r) => r.status)).toEqual([200]);
        expect(await sessionCount()).toBe(before + 1);
      } finally {
        await repriced.close();
      }
    });
  });
}
