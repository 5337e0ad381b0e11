/** @jest-environment node */
// The order store on both drivers: one claim wins however many race, a lease runs out and is taken
// over, a shipped order is never claimed again, outcomes never overwrite what they do not follow, and
// the schema's migrations run once and keep every row across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/open';
import { migrate, MIGRATIONS } from '../../server/db/migrations';
import type { Database } from '../../server/db/sql';
import { sqlOrders } from '../../server/orders/orderStore';
import { describeEachDatabase } from '../support/databases';

describeEachDatabase('the order store', (driver, databases) => {
  let db: Database;
  let env: { DATABASE_URL: string };
  // One database per driver: every test names sessions of its own.
  beforeAll(async () => {
    env = await databases.fresh();
    db = await openDatabase(env);
  }, 30_000);
  afterAll(() => db?.close());
  /** Leases are timed on the database's clock: an order's lease made `ms` older, not a wait for it. */
  const age = (sessionId: string, ms: number) =>
    db.query(`UPDATE checkout_orders SET lease_until = lease_until - $2 * interval '1 millisecond' WHERE session_id = $1`, [sessionId, ms]);

  it('twenty claims at once: exactly one wins the lease; the rest see it live', async () => {
    const orders = sqlOrders(db);
    const claims = await Promise.all(Array.from({ length: 20 }, () => orders.claim('cs_test_race', 5_000)));
    expect(claims.filter((c) => c.won)).toHaveLength(1);
    for (const lost of claims.filter((c) => !c.won))
      expect(lost).toMatchObject({ won: false, order: { state: 'fulfilling', leaseLive: true } });
  });

  it('a lease that ran out is taken over; the old holder can neither renew nor release it', async () => {
    const orders = sqlOrders(db);
    const first = await orders.claim('cs_test_lease', 1_000);
    expect(first.won).toBe(true);
    expect(await orders.claim('cs_test_lease', 1_000)).toMatchObject({ won: false });
    await age('cs_test_lease', 1_100);
    const second = await orders.claim('cs_test_lease', 5_000);
    expect(second.won).toBe(true);
    if (!first.won) throw new Error('unreachable');
    expect(await orders.renew('cs_test_lease', first.lease, 5_000)).toBe(false);
    await orders.release('cs_test_lease', first.lease, 'late');
    expect(await orders.get('cs_test_lease')).toMatchObject({ state: 'fulfilling', leaseLive: true, attempts: 2 });
  });

  it('a renewed lease stays live past its first deadline', async () => {
    const orders = sqlOrders(db);
    // Renewed for a minute: 1.2 s on, the first deadline has passed and the renewed one has not.
    const claim = await orders.claim('cs_test_renew', 1_000);
    if (!claim.won) throw new Error('not claimed');
    expect(await orders.renew('cs_test_renew', claim.lease, 60_000)).toBe(true);
    await age('cs_test_renew', 1_200);
    expect(await orders.claim('cs_test_renew', 2_000)).toMatchObject({ won: false, order: { leaseLive: true } });
  });

  it('a released lease is claimable at once; a fulfilled order never again', async () => {
    const orders = sqlOrders(db);
    const claim = await orders.claim('cs_test_done', 5_000);
    if (!claim.won) throw new Error('not claimed');
    await orders.release('cs_test_done', claim.lease, 'the warehouse is down');
    expect(await orders.get('cs_test_done')).toMatchObject({ state: 'fulfilling', leaseLive: false, lastError: 'the warehouse is down' });
    expect((await orders.claim('cs_test_done', 5_000)).won).toBe(true);
    await orders.markFulfilled('cs_test_done');
    expect(await orders.claim('cs_test_done', 1)).toMatchObject({ won: false, order: { state: 'fulfilled' } });
    expect(await orders.note('cs_test_done', 'payment_failed')).toMatchObject({ state: 'fulfilled' });
  });

  it('outcomes: awaiting payment, then failed; expired only for a session nothing is known of', async () => {
    const orders = sqlOrders(db);
    expect(await orders.note('cs_test_slow', 'awaiting_payment')).toMatchObject({ state: 'awaiting_payment' });
    expect(await orders.note('cs_test_slow', 'payment_failed')).toMatchObject({ state: 'payment_failed' });
    expect(await orders.claim('cs_test_slow', 5_000)).toMatchObject({ won: false, order: { state: 'payment_failed' } });
    expect(await orders.note('cs_test_gone', 'expired')).toMatchObject({ state: 'expired' });
    expect(await orders.note('cs_test_wait', 'awaiting_payment')).toMatchObject({ state: 'awaiting_payment' });
    expect((await orders.claim('cs_test_wait', 5_000)).won).toBe(true);
    expect(await orders.note('cs_test_wait', 'awaiting_payment')).toMatchObject({ state: 'fulfilling' });
    expect(await orders.counts()).toMatchObject({ payment_failed: 1, expired: 1 });
  });

  // Two opens of a database (a new PGlite takes 18 to 40 s on a busy machine): the bound is for failing only.
  it('a restart keeps every order, and migrates nothing twice', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'orders-'));
    const restartEnv = driver === 'postgres' ? await databases.fresh() : { ORDERS_DATA_DIR: path.join(dir, 'orders') };
    try {
      const before = await openDatabase(restartEnv);
      const orders = sqlOrders(before);
      for (let i = 0; i < 5; i++) {
        const claim = await orders.claim(`cs_test_keep${i}`, 5_000);
        if (claim.won && i % 2 === 0) await orders.markFulfilled(`cs_test_keep${i}`);
      }
      await before.close();
      const after = await openDatabase(restartEnv);
      expect(await sqlOrders(after).counts()).toEqual({ fulfilled: 3, fulfilling: 2 });
      expect(await migrate(after)).toEqual([]);
      const versions = await after.query<{ version: number }>('SELECT version FROM checkout_schema_migrations ORDER BY version');
      expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
