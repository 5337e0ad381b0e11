/** @jest-environment node */
// Durations from the environment stay within what a timer holds: past 2³¹−1 ms Node's setInterval
// fires every millisecond, so a far ORDER_LEASE_MS once renewed the lease nonstop while `fulfil` ran.
import Stripe from 'stripe';
import { MAX_TIMER_MS } from '../../src/core/bounds';
import { leaseFromEnv } from '../../server/backend';
import { catalogOf, DEMO_PRODUCTS } from '../../server/sessions/catalog';
import { fulfilOnce, leaseOf } from '../../server/orders/fulfilment';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { memoryOrders } from '../support/orders';

let store: Awaited<ReturnType<typeof memoryOrders>>;
beforeAll(async () => {
  store = await memoryOrders();
}, 30_000);
afterAll(() => store.db.close());

const session = (id: string) =>
  ({
    id,
    mode: 'payment',
    payment_status: 'paid',
    metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
  }) as unknown as Stripe.Checkout.Session;

it.each([String(2 ** 31), String(2 ** 40), String(Number.MAX_SAFE_INTEGER), '1e300'])(
  'ORDER_LEASE_MS=%s: the lease and its renewal fit a timer, and a 500 ms fulfil renews it no more than once',
  async (value) => {
    const lease = leaseFromEnv({ ORDER_LEASE_MS: value });
    expect(lease.leaseMs).toBeLessThanOrEqual(MAX_TIMER_MS);
    expect(lease.renewEveryMs).toBeLessThanOrEqual(MAX_TIMER_MS);
    const renew = jest.spyOn(store.orders, 'renew');
    try {
      const ours = { integration: DEFAULT_INTEGRATION, catalog: catalogOf(DEMO_PRODUCTS) };
      const fulfil = () => new Promise<void>((resolve) => setTimeout(resolve, 500));
      expect(
        await fulfilOnce(session(`cs_test_far_lease_${value}`), {
          stripe: new Stripe('sk_test_unused'),
          orders: store.orders,
          fulfil,
          lease,
          ours,
        }),
      ).toBe('shipped');
      expect(renew.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      renew.mockRestore();
    }
  },
);

it('a lease made in code is clamped the same way; a short one still renews three times per lease', () => {
  expect(leaseOf(2 ** 45)).toEqual({ leaseMs: MAX_TIMER_MS, renewEveryMs: Math.floor(MAX_TIMER_MS / 3) });
  expect(leaseOf(300)).toEqual({ leaseMs: 300, renewEveryMs: 100 });
});
