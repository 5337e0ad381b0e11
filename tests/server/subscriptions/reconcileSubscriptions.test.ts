/** @jest-environment node */
// A missed subscription event, caught by reconcile: a `customer.subscription.deleted` the webhook never
// got still revokes (the host hears `ended` once), a subscription whose start was missed starts, and a
// second run tells the host nothing more. Another integration's subscriptions are never read as ours.
import { openDatabase } from '../../../server/db/open';
import type { Database } from '../../../server/db/sql';
import { DEFAULT_INTEGRATION } from '../../../server/orders/ourSession';
import { sqlOrders } from '../../../server/orders/orderStore';
import { reconcile } from '../../../server/reconcile/reconcile';
import { catalogOf, DEMO_PRODUCTS } from '../../../server/sessions/catalog';
import { sqlSubscriptions, type SubscriptionStore } from '../../../server/subscriptions/subscriptionStore';
import { syncSubscription } from '../../../server/subscriptions/syncSubscription';
import type { SubscriptionChange } from '../../../server/subscriptions/subscriptions';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../../stand-ins/stripeApi';
import { describeEachDatabase } from '../../support/databases';

// A busy machine (a shared CI runner) makes a delivery's round trip slow: a bound, not a wait.
jest.setTimeout(30_000);

describeEachDatabase('reconcile, for subscriptions', (_driver, databases) => {
  let standIn: StripeApiStandIn;
  let db: Database;
  let store: SubscriptionStore;
  const heard: SubscriptionChange[] = [];

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    db = await openDatabase(await databases.fresh());
    store = sqlSubscriptions(db);
  }, 120_000);
  afterAll(async () => {
    await standIn?.close();
    await db?.close();
  });

  const subscriptions = () => ({
    stripe: stripeForStandIn(standIn),
    store,
    integration: DEFAULT_INTEGRATION,
    onSubscriptionChange: async (change: SubscriptionChange) => void heard.push(change),
  });
  const run = () =>
    reconcile({
      stripe: stripeForStandIn(standIn),
      orders: sqlOrders(db),
      fulfil: async () => {},
      ours: { integration: DEFAULT_INTEGRATION, catalog: catalogOf(DEMO_PRODUCTS) },
      subscriptions: subscriptions(),
    });
  const of = (id: string) => heard.filter((c) => c.state.id === id).map((c) => c.transition);

  it('a missed deletion revokes, a missed start starts, and a second run tells nothing more', async () => {
    const known = standIn.subscriptions.start({ price: 'price_plan', metadata: { integration: DEFAULT_INTEGRATION } }).subscription
      .id as string;
    await syncSubscription(known, { kind: 'sync' }, subscriptions()); // the webhook heard its start
    standIn.subscriptions.cancel(known); // …and never got the deletion
    const missed = standIn.subscriptions.start({ price: 'price_plan', trialDays: 7, metadata: { integration: DEFAULT_INTEGRATION } });
    const theirs = standIn.subscriptions.start({ price: 'price_plan', metadata: { integration: 'another-shop' } });
    const report = await run();
    expect(of(known)).toEqual(['started', 'ended']);
    expect(heard.find((c) => c.state.id === known && c.transition === 'ended')!.state).toMatchObject({
      status: 'canceled',
      entitled: false,
    });
    expect(of(missed.subscription.id as string)).toEqual(['started']);
    expect(of(theirs.subscription.id as string)).toEqual([]);
    expect(report.subscriptions).toMatchObject({ heard: 2, inProgress: [], failed: [] });
    const again = await run();
    expect(again.subscriptions).toMatchObject({ heard: 0, failed: [] });
    expect(await store.unended()).not.toContain(known);
  });

  it('a lease held by a live delivery is left to it; one that ran out is taken over', async () => {
    const id = standIn.subscriptions.start({ price: 'price_plan', metadata: { integration: DEFAULT_INTEGRATION } }).subscription
      .id as string;
    const held = await store.claim(id, 1_000);
    expect(held.won).toBe(true);
    expect((await run()).subscriptions!.inProgress).toContain(id);
    expect(of(id)).toEqual([]);
    // The holder died: its lease runs out (on the database's clock) and the next run takes it over.
    const deadline = Date.now() + 10_000;
    let report = await run();
    while (report.subscriptions!.inProgress.includes(id) && Date.now() < deadline) report = await run();
    expect(of(id)).toEqual(['started']);
  });
});
