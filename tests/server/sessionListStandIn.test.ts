/** @jest-environment node */
// The stand-in's list call, driven by the official `stripe` library as reconcile drives it: Stripe's
// filters, order and pagination (the library's auto-pagination included), and a refusal for each
// thing Stripe refuses.
import Stripe from 'stripe';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';

const DAY = 86_400_000;
let standIn: StripeApiStandIn;
let stripe: Stripe;
let clock = Date.now() - 10 * DAY;
/** Ids, newest first: 5 complete (one a day, from 10 days ago) then 3 open ones today. */
const ids: string[] = [];

beforeAll(async () => {
  standIn = await startStripeApiStandIn({ now: () => clock });
  stripe = stripeForStandIn(standIn);
  const make = () =>
    stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: 'price_1', quantity: 1 }],
      success_url: 'https://shop.example/',
    });
  for (let i = 0; i < 5; i++) {
    const { id } = await make();
    await standIn.complete(id, 'paid');
    ids.unshift(id);
    clock += DAY;
  }
  clock = Date.now();
  for (let i = 0; i < 3; i++) ids.unshift((await make()).id);
});
afterAll(() => standIn.close());

const seconds = (ms: number) => Math.floor(ms / 1000);

describe('GET /v1/checkout/sessions', () => {
  it('newest first, a page of 10 by default, filtered by status', async () => {
    const all = await stripe.checkout.sessions.list();
    expect(all.data.map((s) => s.id)).toEqual(ids);
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/checkout/sessions' });
    const complete = await stripe.checkout.sessions.list({ status: 'complete' });
    expect(complete.data.map((s) => s.id)).toEqual(ids.slice(3));
  });

  it('created: a timestamp, or a range whose bounds are exclusive (gt, lt) or inclusive (gte, lte)', async () => {
    const first = await stripe.checkout.sessions.retrieve(ids[7]);
    const third = await stripe.checkout.sessions.retrieve(ids[5]);
    const listed = async (created: Stripe.RangeQueryParam | number) =>
      (await stripe.checkout.sessions.list({ created })).data.map((s) => s.id);
    expect(await listed(first.created)).toEqual([ids[7]]);
    expect(await listed({ gte: first.created, lte: third.created })).toEqual(ids.slice(5, 8));
    expect(await listed({ gt: first.created, lt: third.created })).toEqual([ids[6]]);
    expect(await listed({ gte: seconds(Date.now() - 2.5 * DAY), lt: seconds(Date.now() - DAY) })).toEqual([]);
  });

  it('pages: limit, starting_after and ending_before exclusive, has_more; auto-pagination walks every page', async () => {
    const page1 = await stripe.checkout.sessions.list({ limit: 3 });
    expect(page1.data.map((s) => s.id)).toEqual(ids.slice(0, 3));
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.checkout.sessions.list({ limit: 3, starting_after: ids[2] });
    expect(page2.data.map((s) => s.id)).toEqual(ids.slice(3, 6));
    const last = await stripe.checkout.sessions.list({ limit: 3, starting_after: ids[5] });
    expect(last).toMatchObject({ has_more: false, data: [{ id: ids[6] }, { id: ids[7] }] });
    const before = await stripe.checkout.sessions.list({ limit: 2, ending_before: ids[5] });
    expect(before.data.map((s) => s.id)).toEqual([ids[3], ids[4]]);
    expect(before.has_more).toBe(true);
    const walked: string[] = [];
    for await (const session of stripe.checkout.sessions.list({ limit: 2, status: 'complete' })) walked.push(session.id);
    expect(walked).toEqual(ids.slice(3));
  });

  async function refusal(params: Record<string, unknown>) {
    const error = await stripe.checkout.sessions.list(params as Stripe.Checkout.SessionListParams).then(
      () => null,
      (e: Stripe.errors.StripeError) => e,
    );
    if (!error) throw new Error(`the stand-in accepted ${JSON.stringify(params)}`);
    return { class: error.constructor.name, status: error.statusCode, code: error.code, param: error.param, message: error.message };
  }

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['limit 0', { limit: 0 }, { param: 'limit', message: 'This value must be greater than or equal to 1.' }],
    ['limit 101', { limit: 101 }, { param: 'limit', message: 'This value must be less than or equal to 100.' }],
    ['a limit that is not an integer', { limit: 'ten' }, { param: 'limit', message: 'Invalid integer: ten' }],
    [
      'both cursors at once',
      { starting_after: 'cs_test_a', ending_before: 'cs_test_b' },
      { message: 'You may only specify one of these parameters: ending_before, starting_after.' },
    ],
    ['an unknown starting_after', { starting_after: 'cs_test_nope' }, { param: 'starting_after', code: 'resource_missing' }],
    ['an unknown ending_before', { ending_before: 'cs_test_nope' }, { param: 'ending_before', code: 'resource_missing' }],
    ['an unknown parameter', { payment_status: 'paid' }, { param: 'payment_status', code: 'parameter_unknown' }],
    ['an unknown created bound', { created: { after: 1 } }, { param: 'created[after]', code: 'parameter_unknown' }],
    [
      'a created that is not an integer',
      { created: { gte: 'yesterday' } },
      { param: 'created[gte]', message: 'Invalid integer: yesterday' },
    ],
    ['an unknown status', { status: 'paid' }, { param: 'status', message: 'Invalid status: must be one of complete, expired, or open' }],
  ])('refuses %s with 400', async (_name, params, expected) => {
    expect(await refusal(params)).toMatchObject({ class: 'StripeInvalidRequestError', status: 400, ...expected });
  });
});
