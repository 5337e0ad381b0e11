/** @jest-environment node */
// Only this integration's sessions ship. One Stripe account's webhook and session list carry every
// session of the account: a Payment Link's, another shop's, a setup session (complete with
// `no_payment_required`). The webhook acknowledges them (200, so Stripe stops), logs them and writes no
// row; reconcile skips them; neither ships them. (A tagged session for a product the catalog no longer
// has is ours: ownershipOverTime.test.ts.)
import type Stripe from 'stripe';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { fulfilOnce } from '../../server/orders/fulfilment';
import type { Fulfil } from '../../server/orders/orders';
import { DEFAULT_INTEGRATION, notOurs, ourMetadata, type Ownership } from '../../server/orders/ourSession';
import { reconcile } from '../../server/reconcile/reconcile';
import { CHECKOUT_PATHS } from '../../server/routes';
import { startStripeApiStandIn, stripeForStandIn } from '../../stand-ins/stripeApi';
import { checkoutEvent, deliverSigned } from '../../stand-ins/webhookEvents';
import { setUpCheckoutRoutes } from './support/checkoutRoutes';

const SECRET = 'whsec_test_ourSessions';
const ours: Ownership = { integration: DEFAULT_INTEGRATION, catalog: catalogOf(DEMO_PRODUCTS) };
const logged: string[] = [];
const fulfil = jest.fn<ReturnType<Fulfil>, Parameters<Fulfil>>(async () => {});
const routes = setUpCheckoutRoutes({
  serve: true,
  routes: () => ({ ...ours, fulfil, webhookSecret: SECRET, log: (m) => logged.push(m) }),
});
beforeEach(() => fulfil.mockClear());

const line = { price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Coffee beans, 1 kg' } }, quantity: 1 };
/** Complete sessions as Stripe holds them; `complete` plays the person paying. */
async function completed(params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session> {
  const { id } = await routes.stripe.checkout.sessions.create({ success_url: 'https://shop.example/', ...params });
  await routes.standIn.complete(id, 'paid');
  return routes.stripe.checkout.sessions.retrieve(id);
}
const foreign = {
  "a Payment Link's (no tag of ours)": () =>
    completed({ mode: 'payment', line_items: [line], metadata: { product_id: 'coffee-beans-1kg' } }),
  "another shop's on the same account": () =>
    completed({ mode: 'payment', line_items: [line], metadata: ourMetadata('another-shop', 'coffee-beans-1kg') }),
  'a setup session (no_payment_required), even tagged ours': () =>
    completed({ mode: 'setup', currency: 'eur', metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg') }),
};

describe('the webhook', () => {
  it.each(Object.entries(foreign))('%s: acknowledged with 200, logged, no row, never shipped', async (_name, make) => {
    const session = await make();
    expect(session.status).toBe('complete');
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired']) {
      const res = await deliverSigned(
        `${routes.server.url}${CHECKOUT_PATHS.webhook}`,
        checkoutEvent(type, session as unknown as Record<string, unknown>),
        SECRET,
      );
      expect(res.status).toBe(200);
    }
    expect(fulfil).not.toHaveBeenCalled();
    expect(await routes.store.orders.get(session.id)).toBeUndefined();
    expect(logged.filter((line) => line.includes(session.id))).toHaveLength(3);
  });

  it("this integration's paid session still ships", async () => {
    const session = await completed({
      mode: 'payment',
      line_items: [line],
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    });
    const res = await deliverSigned(
      `${routes.server.url}${CHECKOUT_PATHS.webhook}`,
      checkoutEvent('checkout.session.completed', session as unknown as Record<string, unknown>),
      SECRET,
    );
    expect(res.status).toBe(200);
    expect(fulfil).toHaveBeenCalledTimes(1);
    expect(await routes.store.orders.get(session.id)).toMatchObject({ state: 'fulfilled' });
  });
});

describe('the tag the session route writes is the one the webhook ships', () => {
  it('a session created through POST /api/checkout-sessions and paid on Stripe ships once, through the delivered webhook', async () => {
    const delivering = await startStripeApiStandIn({ webhook: { url: `${routes.server.url}${CHECKOUT_PATHS.webhook}`, secret: SECRET } });
    const served = await routes.serve({ stripe: stripeForStandIn(delivering), webhookSecret: undefined, log: () => {} });
    try {
      const res = await fetch(`${served.url}${CHECKOUT_PATHS.sessions}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'tagged-by-route-01' },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'embedded' }),
      });
      const { clientSecret } = (await res.json()) as { clientSecret: string };
      const id = clientSecret.split('_secret_')[0];
      await delivering.complete(id, 'paid');
      expect(delivering.deliveries).toEqual([{ type: 'checkout.session.completed', status: 200 }]);
      expect(fulfil).toHaveBeenCalledTimes(1);
      expect(await routes.store.orders.get(id)).toMatchObject({ state: 'fulfilled' });
    } finally {
      await served.close();
      await delivering.close();
    }
  });
});

describe('reconcile and fulfilOnce', () => {
  it('reconcile lists and ships only this integration’s sessions; fulfilOnce refuses the others', async () => {
    const lone = await startStripeApiStandIn();
    const client = stripeForStandIn(lone);
    const sessions: Stripe.Checkout.Session[] = [];
    try {
      for (const params of [
        { mode: 'payment', line_items: [line], metadata: { product_id: 'coffee-beans-1kg' } },
        { mode: 'payment', line_items: [line], metadata: ourMetadata('another-shop', 'coffee-beans-1kg') },
        { mode: 'setup', currency: 'eur', metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg') },
        { mode: 'payment', line_items: [line], metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg') },
      ] as Stripe.Checkout.SessionCreateParams[]) {
        const { id } = await client.checkout.sessions.create({ success_url: 'https://shop.example/', ...params });
        await lone.complete(id, 'paid');
        sessions.push(await client.checkout.sessions.retrieve(id));
      }
      const report = await reconcile({ stripe: client, orders: routes.store.orders, fulfil, ours, log: () => {} });
      expect(report).toMatchObject({ listed: 1, shipped: [sessions[3].id], notPaid: 0 });
      expect(fulfil.mock.calls.map(([session]) => session.id)).toEqual([sessions[3].id]);
      expect(await fulfilOnce(sessions[2], { stripe: client, orders: routes.store.orders, fulfil, ours })).toBe('not-ours');
      expect(notOurs(sessions[2], ours)).toMatch(/setup mode/);
    } finally {
      await lone.close();
    }
  });
});
