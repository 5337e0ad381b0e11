/** @jest-environment node */
// The orders' database is never on a payment's critical path without a bound. Against a "Postgres"
// that accepts connections and never answers (a failover, a saturated pooler), and one that refuses
// them: the button's JSON route and the plain form still reach Stripe's (stand-in) session within the
// record's bound plus Stripe's own time, under the request's own Idempotency-Key, the degradation
// counted; the webhook answers 5xx in bounded time, so Stripe delivers again.
import net from 'node:net';
import Stripe from 'stripe';
import { recordBound, type RecordBound } from '../../server/db/boundedRecord';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/sql';
import { sqlFormSubmissions } from '../../server/form/formSubmissions';
import { ourMetadata, DEFAULT_INTEGRATION } from '../../server/orders/ourSession';
import { sqlOrders } from '../../server/orders/orderStore';
import { CHECKOUT_PATHS, createCheckoutHandlers } from '../../server/routes';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { sqlSessionRequests } from '../../server/sessions/sessionRequests';
import { freePort } from '../../stand-ins/freePort';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { serveRoutes, type Served } from '../support/serveHandler';
import { postForm, RETURN_PAGE } from './support/formServer';

jest.setTimeout(60_000);
const SECRET = 'whsec_stalled_database';
/**
 * What the tests allow on top of the record's bound: Stripe's stand-in and a busy machine. Without the
 * bound the route waits on the stalled Postgres until the request's own 10 s abort: the answer itself
 * shows the bound, this only fails a wait several bounds long.
 */
const STRIPE_AND_SLACK_MS = 5_000;

let standIn: StripeApiStandIn;
let stripe: Stripe;
let silent: net.Server;
const held: net.Socket[] = [];
beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  stripe = stripeForStandIn(standIn);
  // Accepts, reads, never writes a byte: a Postgres that stalls.
  silent = net.createServer((socket) => void held.push(socket.on('error', () => {})));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  held.forEach((socket) => socket.destroy());
  await new Promise((resolve) => silent.close(resolve));
  await standIn.close();
});

const stalled = () => `postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/orders`;
const refusing = async () => `postgres://postgres@127.0.0.1:${await freePort()}/orders`;

describe.each([
  ['accepts and never answers', stalled],
  ['refuses connections', refusing],
])('a Postgres that %s', (_name, url) => {
  let db: Database;
  let server: Served;
  let bound: RecordBound;
  const logged: string[] = [];
  beforeEach(async () => {
    db = await openPostgres(await url());
    bound = recordBound(1_000, (line) => logged.push(line));
    const routes = createCheckoutHandlers({
      stripe,
      catalog: catalogOf(DEMO_PRODUCTS),
      returnPage: RETURN_PAGE,
      orders: sqlOrders(db),
      sessionRequests: sqlSessionRequests(db, Date.now, bound),
      formSubmissions: sqlFormSubmissions(db, undefined, Date.now, bound),
      fulfil: async () => {},
      rateLimit: false,
      webhookSecret: SECRET,
      log: () => {},
    });
    server = await serveRoutes(routes);
  });
  afterEach(async () => {
    await server.close();
    await db.close();
  });

  it("the button's JSON route answers a session within the bound, created under the request's own Idempotency-Key", async () => {
    const key = `key-${Math.random().toString(36).slice(2)}`;
    const started = performance.now();
    const res = await fetch(`${server.url}${CHECKOUT_PATHS.sessions}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      signal: AbortSignal.timeout(10_000),
    });
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    expect((await res.json()) as { url: string }).toEqual({ url: expect.stringMatching(/\/pay\/cs_test_/) });
    expect(took).toBeLessThan(bound.timeoutMs + STRIPE_AND_SLACK_MS);
    // The same key again: Stripe (its stand-in) replays the first session, as it would for a retry.
    const again = await fetch(`${server.url}${CHECKOUT_PATHS.sessions}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(again.status).toBe(200);
    expect(bound.health.counts()['sessionRequests.fix']).toBe(2);
    expect(logged).toHaveLength(1); // the first failure is logged; the next are counted (every 100th logged)
    expect(logged[0]).toMatch(/^\[orders\] sessionRequests\.fix gave up on the database \(.+\); payments go on without their records/);
  });

  it("the plain form is answered 303 to Stripe's page within the bound", async () => {
    const started = performance.now();
    const res = await postForm(server.url, { productId: 'coffee-beans-1kg' }, { 'User-Agent': `Stalled/${Math.random()}` });
    const took = performance.now() - started;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/pay\/cs_test_/);
    // The claim pays the bound; the session's record, right after, goes without (one probe per bound).
    expect(took).toBeLessThan(bound.timeoutMs + STRIPE_AND_SLACK_MS);
    expect(bound.health.counts()).toMatchObject({ 'formSubmissions.claim': 1, 'formSubmissions.recordSession': 1 });
  });

  it('the webhook answers 500 in bounded time, so Stripe delivers the event again', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur', unit_amount: 1200, product_data: { name: 'Beans' } }, quantity: 1 }],
      success_url: 'https://shop.example/',
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    });
    const payload = JSON.stringify({
      id: 'evt_stalled',
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: 1,
      data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
    });
    const started = performance.now();
    const res = await fetch(`${server.url}${CHECKOUT_PATHS.webhook}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(500);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
