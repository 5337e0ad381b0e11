/** @jest-environment node */
// The stand-in's subscriptions as Stripe's API answers them: retrieve on the account they live on only
// (another account's is `resource_missing`), a list without the canceled ones unless `status=all`, a
// `created` window, and invoices that name their subscription under `parent.subscription_details`.
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../../stand-ins/stripeApi';

const ACCOUNT = 'acct_1StandInConnected';
let standIn: StripeApiStandIn;

beforeAll(async () => {
  standIn = await startStripeApiStandIn();
});
afterAll(() => standIn.close());

it('retrieves a subscription on its own account only', async () => {
  const stripe = stripeForStandIn(standIn);
  const { subscription } = standIn.subscriptions.start({ price: 'price_plan', trialDays: 7, account: ACCOUNT });
  const id = subscription.id as string;
  expect(await stripe.subscriptions.retrieve(id, {}, { stripeAccount: ACCOUNT })).toMatchObject({ id, status: 'trialing' });
  await expect(stripe.subscriptions.retrieve(id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
});

it('lists without the canceled ones by default, every one with status=all, and refuses an unknown parameter', async () => {
  const stripe = stripeForStandIn(standIn);
  const kept = standIn.subscriptions.start({ price: 'price_plan' }).subscription.id as string;
  const gone = standIn.subscriptions.start({ price: 'price_plan' }).subscription.id as string;
  standIn.subscriptions.cancel(gone);
  const ids = async (params: object) => (await stripe.subscriptions.list(params)).data.map((s) => s.id);
  expect(await ids({ limit: 100 })).toEqual(expect.arrayContaining([kept]));
  expect(await ids({ limit: 100 })).not.toContain(gone);
  expect(await ids({ limit: 100, status: 'all' })).toEqual(expect.arrayContaining([kept, gone]));
  expect(await ids({ status: 'ended' })).toEqual([gone]);
  expect(await ids({ created: { gt: Math.floor(Date.now() / 1000) + 60 } })).toEqual([]);
  await expect(stripe.subscriptions.list({ colour: 'blue' } as object)).rejects.toMatchObject({ code: 'parameter_unknown' });
});

it("events as Stripe shapes them: an invoice names its subscription and a snapshot of its metadata; a renewal is a cycle's", () => {
  const { subscription, events } = standIn.subscriptions.start({ price: 'price_plan', metadata: { integration: 'shop' } });
  const id = subscription.id as string;
  expect(events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid']);
  expect(events[1].data.object).toMatchObject({
    billing_reason: 'subscription_create',
    parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata: { integration: 'shop' } } },
  });
  const [renewal] = standIn.subscriptions.renew(id);
  expect(renewal.data.object).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid' });
  const failed = standIn.subscriptions.failPayment(id, 2);
  expect(failed.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
  expect(failed[0].data.object).toMatchObject({ attempt_count: 2, status: 'open' });
  expect(failed[1].data).toMatchObject({ object: { status: 'past_due' }, previous_attributes: { status: 'active' } });
});
