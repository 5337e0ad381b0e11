/** @jest-environment node */
// A subscription's life reaches the host's hook once per transition, on both databases: a plan with a
// trial starts once however often its events come; a renewal, a failed payment and a cancellation are
// heard once each, in order or reversed and delivered twice, and the host ends in Stripe's state; a
// delivery that finds a live lease answers 409; another integration's subscription is left alone.
import Stripe from 'stripe';
import { openDatabase } from '../../../server/db/open';
import type { Database } from '../../../server/db/sql';
import { DEFAULT_INTEGRATION } from '../../../server/orders/ourSession';
import { sqlOrders } from '../../../server/orders/orderStore';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../../server/routes';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { sqlSessionRequests } from '../../../server/sessions/sessionRequests';
import { sqlSubscriptions, type SubscriptionStore } from '../../../server/subscriptions/subscriptionStore';
import type { SubscriptionChange } from '../../../server/subscriptions/subscriptions';
import { startStripeApiStandIn, stripeForStandIn, type StandInEvent, type StripeApiStandIn } from '../../../stand-ins/stripeApi';
import { deliverSigned } from '../../../stand-ins/webhookEvents';
import { describeEachDatabase } from '../../support/databases';
import { serveRoutes, type Served } from '../../support/serveHandler';

// A busy machine (a shared CI runner) makes a delivery's round trip slow: a bound, not a wait.
jest.setTimeout(30_000);

const SECRET = 'whsec_test_subscriptions';
const OURS = { integration: DEFAULT_INTEGRATION };

describeEachDatabase('subscription hooks', (_driver, databases) => {
  let standIn: StripeApiStandIn;
  let stripe: Stripe;
  let db: Database;
  let store: SubscriptionStore;
  let server: Served;
  let heard: SubscriptionChange[];
  let hook: (change: SubscriptionChange) => Promise<void>;

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    stripe = stripeForStandIn(standIn);
    db = await openDatabase(await databases.fresh());
    store = sqlSubscriptions(db);
    server = await serveRoutes(
      createCheckoutHandlers({
        stripe,
        catalog: catalogOf(DEMO_PRODUCTS),
        returnPage: 'https://shop.example/',
        orders: sqlOrders(db),
        sessionRequests: sqlSessionRequests(db),
        fulfil: async () => {},
        webhookSecret: SECRET,
        subscriptionStore: store,
        onSubscriptionChange: (change) => hook(change),
        log: () => {},
      }),
    );
  }, 120_000);
  beforeEach(() => {
    heard = [];
    hook = async (change) => void heard.push(change);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
    await db?.close();
  });

  const send = (event: StandInEvent) => deliverSigned(`${server.url}${CHECKOUT_PATHS.webhook}`, JSON.stringify(event, null, 2), SECRET);
  const sendAll = async (events: StandInEvent[]) => {
    for (const event of events) expect((await send(event)).status).toBe(200);
  };
  const transitions = (id: string) => heard.filter((c) => c.state.id === id).map((c) => c.transition);

  /** The `checkout.session.completed` of this integration's subscription-mode session, as Stripe sends it. */
  function completed(subscription: string, trial: boolean, integration = DEFAULT_INTEGRATION): StandInEvent {
    const session = {
      id: `cs_test_${subscription}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: trial ? 'no_payment_required' : 'paid',
      subscription,
      metadata: { integration, product_id: 'plan-monthly' },
      amount_total: trial ? 0 : 900,
      currency: 'eur',
    };
    return {
      id: `evt_${subscription}`,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: 1,
      data: { object: session },
    };
  }

  it('a plan with a trial provisions once, however often and in whatever order its first events come', async () => {
    const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', trialDays: 14, metadata: OURS });
    const all = [completed(subscription.id as string, true), ...events];
    await sendAll([...all].reverse());
    await sendAll(all);
    expect(transitions(subscription.id as string)).toEqual(['started']);
    expect(heard[0].state).toMatchObject({ status: 'trialing', entitled: true, items: [{ price: 'price_plan', quantity: 1 }] });
    expect(heard[0].previous).toBeNull();
    expect(heard[0].idempotencyKey).toBe(`${subscription.id as string}:started`);
  });

  it('in order: renewed, then payment_failed and changed (past due), then ended; each once though delivered twice', async () => {
    const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', metadata: OURS });
    const id = subscription.id as string;
    await sendAll([completed(id, false), ...events]);
    for (const step of [
      () => standIn.subscriptions.renew(id),
      () => standIn.subscriptions.failPayment(id),
      () => standIn.subscriptions.cancel(id),
    ]) {
      const happened = step();
      await sendAll([...happened, ...happened]);
    }
    expect(transitions(id)).toEqual(['started', 'renewed', 'payment_failed', 'changed', 'ended']);
    expect(heard.find((c) => c.transition === 'changed')).toMatchObject({
      previous: { status: 'active' },
      state: { status: 'past_due', entitled: true },
    });
    expect(heard.at(-1)!.state).toMatchObject({ status: 'canceled', entitled: false });
    expect((await store.get(id))?.ended).toBe(true);
  });

  it('reversed and twice: the renewal, the failed payment and the cancellation are heard once each, and the host ends canceled', async () => {
    const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', metadata: OURS });
    const id = subscription.id as string;
    await sendAll([completed(id, false), ...events]);
    const later = [...standIn.subscriptions.renew(id), ...standIn.subscriptions.failPayment(id), ...standIn.subscriptions.cancel(id)];
    await sendAll([...later].reverse());
    await sendAll([...later].reverse());
    const heardNow = transitions(id);
    expect(heardNow.filter((t) => t === 'started')).toHaveLength(1);
    for (const once of ['renewed', 'payment_failed', 'ended']) expect(heardNow.filter((t) => t === once)).toHaveLength(1);
    // Whatever came in which order, every state handed over after the end is Stripe's: canceled.
    const endedAt = heardNow.indexOf('ended');
    expect(
      heard
        .filter((c) => c.state.id === id)
        .slice(endedAt)
        .every((c) => c.state.status === 'canceled' && !c.state.entitled),
    ).toBe(true);
    expect(heard.filter((c) => c.state.id === id).at(-1)!.state.status).toBe('canceled');
  });

  it('a delivery that finds a live lease answers 409 (Stripe delivers again); the transition is heard once', async () => {
    const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', metadata: OURS });
    const id = subscription.id as string;
    let entered!: () => void;
    let finish!: () => void;
    const inHook = new Promise<void>((resolve) => (entered = resolve));
    const held = new Promise<void>((resolve) => (finish = resolve));
    hook = async (change) => {
      entered();
      await held;
      heard.push(change);
    };
    const first = send(completed(id, false));
    await inHook;
    expect((await send(events[1])).status).toBe(409);
    finish();
    expect((await first).status).toBe(200);
    expect((await send(events[1])).status).toBe(200);
    expect(transitions(id)).toEqual(['started']);
  });

  it('a hook that throws: 500, and the redelivery tells it again (then once)', async () => {
    const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', metadata: OURS });
    const id = subscription.id as string;
    hook = async () => {
      throw new Error('the entitlement service is down');
    };
    expect((await send(events[0])).status).toBe(500);
    expect((await store.get(id))?.lastError).toBe('the entitlement service is down');
    hook = async (change) => void heard.push(change);
    await sendAll([events[0], events[0]]);
    expect(transitions(id)).toEqual(['started']);
  });

  it('another integration’s subscription: acknowledged, never heard, no row', async () => {
    const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', metadata: { integration: 'another-shop' } });
    await sendAll([completed(subscription.id as string, false, 'another-shop'), ...events]);
    expect(heard).toEqual([]);
    expect(await store.get(subscription.id as string)).toBeUndefined();
  });
});
