/** @jest-environment node */
// Reconcile inside the server: on a schedule (a failing run logged, the next one still comes, nothing
// kept alive), never at once for an interval past the longest timer, shipping a missed order on either
// database, one run at a time and once per interval across two instances on one Postgres, with no
// transaction held across a run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { openCheckoutBackend, ownershipFromEnv } from '../../server/backend';
import { toNodeListener } from '../../server/adapters/node';
import { openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/sql';
import { FIRST_RUN_WINDOW_MS, reconcileAlone, reconcileIntervalFromEnv, startReconciler } from '../../server/reconcile/reconcileSchedule';
import { CHECKOUT_PATHS } from '../../server/routes';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { startWarehouseStandIn, type WarehouseStandIn } from '../../stand-ins/warehouse';
import { describeEachDatabase } from '../support/databases';
import { until } from '../support/until';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A Stripe whose session list is `pages()` (nothing by default), counting its calls. */
/** What a listing yields when the account has no session in the window. */
const NO_SESSIONS: Stripe.Checkout.Session[] = [];

function listingStripe(pages: (call: number) => AsyncGenerator<Stripe.Checkout.Session> = async function* () {}) {
  const stripe = {
    calls: 0,
    at: [] as number[],
    checkout: { sessions: { list: () => (stripe.at.push(Date.now()), pages(stripe.calls++)) } },
  };
  return stripe as typeof stripe & Stripe;
}
const pgliteLike = { kind: 'pglite' } as Database;
const noOrders = { orders: {} as never, fulfil: async () => {}, ours: ownershipFromEnv({}) };

it('runs every interval; a failing run is logged and the next one still comes; stop ends it; its timer keeps nothing alive', async () => {
  const stripe = listingStripe(async function* (call) {
    if (call === 0) throw new Error('Stripe is down');
    yield* NO_SESSIONS;
  });
  const lines: string[] = [];
  const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  const startedAt = Date.now();
  const reconciler = startReconciler({ db: pgliteLike, everyMs: 100, reconcile: { stripe, ...noOrders }, log: (line) => lines.push(line) });
  expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(timersBefore);
  while (stripe.calls < 3) await sleep(50);
  await reconciler.stop();
  const runs = stripe.calls;
  // The first within the interval (the first-run window is longer), each next one an interval after the end of the one before.
  expect(stripe.at[0] - startedAt).toBeGreaterThanOrEqual(99);
  expect(stripe.at.slice(1).every((at, i) => at - stripe.at[i] >= 99)).toBe(true);
  expect(lines[0]).toBe('reconcile failed; the next run is in 100 ms');
  expect(lines[1]).toBe('reconcile: listed 0; shipped now 0; already shipped 0; in progress 0; not paid 0; failed 0');
  await sleep(300);
  expect(stripe.calls).toBe(runs);
});

it('RECONCILE_INTERVAL_MS: an hour by default, off, refused when not a duration; one past the longest timer never fires at once', async () => {
  expect(reconcileIntervalFromEnv({})).toBe(3_600_000);
  expect(reconcileIntervalFromEnv({ RECONCILE_INTERVAL_MS: 'off' })).toBe(false);
  expect(() => reconcileIntervalFromEnv({ RECONCILE_INTERVAL_MS: 'hourly' })).toThrow(
    'RECONCILE_INTERVAL_MS must be a number of milliseconds, or off, not hourly.',
  );
  const huge = reconcileIntervalFromEnv({ RECONCILE_INTERVAL_MS: String(2 ** 31) });
  expect(huge).toBe(Infinity);
  const stripe = listingStripe();
  const warnings: Error[] = [];
  const warn = (warning: Error) => warnings.push(warning);
  process.on('warning', warn);
  const reconciler = startReconciler({ db: pgliteLike, everyMs: huge, reconcile: { stripe, ...noOrders }, log: () => {} });
  await sleep(200);
  await reconciler.stop();
  process.off('warning', warn);
  expect(stripe.calls).toBe(0);
  expect(warnings.map((w) => w.name)).not.toContain('TimeoutOverflowWarning');
});

it('after a start, the first scheduled run comes within the first-run window, not a whole interval later', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  try {
    const stripe = listingStripe();
    const reconciler = startReconciler({ db: pgliteLike, everyMs: 3_600_000, reconcile: { stripe, ...noOrders }, log: () => {} });
    await jest.advanceTimersByTimeAsync(FIRST_RUN_WINDOW_MS[0] - 1);
    expect(stripe.calls).toBe(0); // not at once: instances started together spread their first runs
    await jest.advanceTimersByTimeAsync(FIRST_RUN_WINDOW_MS[1] - FIRST_RUN_WINDOW_MS[0] + 1);
    expect(stripe.calls).toBe(1);
    const stopped = reconciler.stop();
    await jest.advanceTimersByTimeAsync(0);
    await stopped;
  } finally {
    jest.useRealTimers();
  }
});

describeEachDatabase('reconcile inside the server', (driver, databases) => {
  let standIn: StripeApiStandIn;
  let warehouse: WarehouseStandIn;
  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    warehouse = await startWarehouseStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
    await warehouse?.close();
  });

  it('ships, on its schedule, a paid order no webhook reached', async () => {
    const env = { ...(await databases.fresh()), WAREHOUSE_URL: warehouse.url, RECONCILE_INTERVAL_MS: '300' };
    const backend = await openCheckoutBackend({
      stripe: stripeForStandIn(standIn),
      returnPage: 'https://shop.example/',
      env,
      log: () => {},
    });
    const server = http.createServer(toNodeListener(backend.handlers));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const created = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${CHECKOUT_PATHS.sessions}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `schedule-${driver}` },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      });
      const id = /\/pay\/(cs_[^#]+)/.exec(((await created.json()) as { url: string }).url)![1];
      await standIn.complete(id, 'paid');
      for (let waited = 0; !warehouse.calls.some((call) => call.idempotencyKey === id) && waited < 10_000; waited += 100) await sleep(100);
      expect(warehouse.calls.filter((call) => call.idempotencyKey === id)).toHaveLength(1);
      // The row turns `fulfilled` once the warehouse has answered: a moment after its call was seen.
      const state = async () =>
        (await backend.db.query<{ state: string }>('SELECT state FROM checkout_orders WHERE session_id = $1', [id]))[0]?.state;
      for (let waited = 0; (await state()) !== 'fulfilled' && waited < 10_000; waited += 100) await sleep(100);
      expect(await state()).toBe('fulfilled');
    } finally {
      server.close();
      await backend.close();
    }
  }, 60_000);

  if (driver === 'postgres') {
    it('two instances on one Postgres: one run at a time, the other skips its turn', async () => {
      const env = await databases.fresh();
      const [a, b] = [await openDatabase(env), await openDatabase(env)];
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const stripe = listingStripe(async function* () {
        await gate;
        yield* NO_SESSIONS;
      });
      try {
        const first = reconcileAlone(a, { stripe, ...noOrders });
        await until("the first instance's run listing at Stripe (it holds the job)", () => stripe.calls === 1);
        expect(await reconcileAlone(b, { stripe, ...noOrders })).toBe('busy');
        open();
        expect(await first).toMatchObject({ listed: 0 });
        expect(stripe.calls).toBe(1);
        expect(await reconcileAlone(b, { stripe, ...noOrders })).toMatchObject({ listed: 0 }); // free again
      } finally {
        await a.close();
        await b.close();
      }
    }, 60_000);

    it('two instances on one Postgres, each on its own schedule: the job runs once per interval, recorded in the database', async () => {
      const env = await databases.fresh();
      const [a, b] = [await openDatabase(env), await openDatabase(env)];
      const stripe = listingStripe();
      try {
        expect(await reconcileAlone(a, { stripe, ...noOrders }, 60_000)).toMatchObject({ listed: 0 });
        expect(await reconcileAlone(b, { stripe, ...noOrders }, 60_000)).toBe('busy'); // a ran it within the interval
        expect(stripe.calls).toBe(1);
        const [run] = await b.query<{ finished: boolean }>(
          "SELECT finished_at IS NOT NULL AS finished FROM checkout_job_runs WHERE job = 'reconcile'",
        );
        expect(run).toEqual({ finished: true });
        expect(await reconcileAlone(b, { stripe, ...noOrders }, 1)).toMatchObject({ listed: 0 }); // a shorter interval has passed
      } finally {
        await a.close();
        await b.close();
      }
    }, 60_000);

    it('two instances started together: each runs its first soon, and the job still runs once per interval', async () => {
      const env = await databases.fresh();
      const [a, b] = [await openDatabase(env), await openDatabase(env)];
      const stripe = listingStripe();
      const lines: string[] = [];
      let both!: () => void;
      const logged = new Promise<void>((resolve) => (both = resolve));
      const log = (line: string) => (lines.push(line), lines.length === 2 && both());
      const reconcilers = [a, b].map((db) =>
        startReconciler({ db, everyMs: 3_600_000, firstRunMs: 10, reconcile: { stripe, ...noOrders }, log }),
      );
      try {
        await logged;
        expect(stripe.calls).toBe(1);
        expect(lines.sort()).toEqual([
          'reconcile: listed 0; shipped now 0; already shipped 0; in progress 0; not paid 0; failed 0',
          'reconcile: skipped, another instance ran one within the interval or is running one',
        ]);
      } finally {
        await Promise.all(reconcilers.map((r) => r.stop()));
        await a.close();
        await b.close();
      }
    }, 60_000);

    it('a server stopped during its run: the run is recorded as finished, so the next instance runs at once', async () => {
      const env = await databases.fresh();
      const [a, b] = [await openDatabase(env), await openDatabase(env)];
      let listed!: () => void;
      const listing = new Promise<void>((resolve) => (listed = resolve));
      const stalled = listingStripe(async function* () {
        listed();
        await new Promise(() => {}); // Stripe never answers this listing
        yield* NO_SESSIONS;
      });
      const lines: string[] = [];
      const reconciler = startReconciler({
        db: a,
        everyMs: 3_600_000,
        firstRunMs: 10,
        stopWaitMs: 300,
        reconcile: { stripe: stalled, ...noOrders },
        log: (line) => lines.push(line),
      });
      try {
        await listing;
        await reconciler.stop(); // what the backend's close does before closing the database
        await a.close();
        expect(lines).toContain('reconcile: a run still going after 300 ms is recorded as finished, so other instances run theirs');
        expect(await reconcileAlone(b, { stripe: listingStripe(), ...noOrders })).toMatchObject({ listed: 0 });
      } finally {
        await b.close();
      }
    }, 60_000);

    it('a run longer than idle_in_transaction_session_timeout completes: no transaction is held across its Stripe calls', async () => {
      const env = await databases.fresh();
      const setup = await openDatabase(env);
      const name = new URL(env.DATABASE_URL).pathname.slice(1);
      await setup.query(`ALTER DATABASE "${name}" SET idle_in_transaction_session_timeout = '300ms'`);
      await setup.close();
      const db = await openDatabase(env); // new connections take the setting
      const stripe = listingStripe(async function* () {
        await sleep(1_000); // Stripe's listing, slow
        yield* NO_SESSIONS;
      });
      try {
        expect(await reconcileAlone(db, { stripe, ...noOrders })).toMatchObject({ listed: 0 });
        expect(await reconcileAlone(db, { stripe, ...noOrders })).toMatchObject({ listed: 0 }); // and the next one is not blocked
      } finally {
        await db.close();
      }
    }, 60_000);
  }
});
