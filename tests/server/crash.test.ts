/** @jest-environment node */
// Real processes: server/main.ts killed with SIGKILL between its claim and the warehouse's answer,
// then the same event again (shipped once, under the same Idempotency-Key); two instances on one
// Postgres receiving the same event at once. The lease is 1 s here (30 s in production).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/open';
import { sqlOrders } from '../../server/orders/orderStore';
import { DEFAULT_INTEGRATION, ourMetadata } from '../../server/orders/ourSession';
import { CHECKOUT_PATHS } from '../../server/routes';
import { startStripeApiStandIn, stripeForStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { startWarehouseStandIn, type Respond, type WarehouseStandIn } from '../../stand-ins/warehouse';
import { describeEachDatabase } from '../support/databases';
import { checkoutEvent, deliverSigned } from '../../stand-ins/webhookEvents';
import { exited, startServerChild, type ServerChild } from './support/serverProcesses';

jest.setTimeout(120_000);
const SECRET = 'whsec_test_crash';
const LEASE_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('a server process that dies', (driver, databases) => {
  let standIn: StripeApiStandIn;
  let warehouse: WarehouseStandIn;
  let respond: Respond;
  const children: ServerChild[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  let dbEnv: Record<string, string>;

  beforeAll(async () => {
    standIn = await startStripeApiStandIn();
    warehouse = await startWarehouseStandIn((call, index) => respond(call, index));
    dbEnv = driver === 'postgres' ? await databases.fresh() : { ORDERS_DATA_DIR: path.join(dir, 'orders') };
    // Created here: making a PGlite folder takes seconds (half a minute on a busy machine), opening one does not.
    if (driver === 'pglite') await (await openDatabase(dbEnv)).close();
  }, 120_000);
  afterEach(() => children.splice(0).forEach((child) => child.kill('SIGKILL')));
  afterAll(async () => {
    await standIn?.close();
    await warehouse?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    const env = {
      ...dbEnv,
      STRIPE_SECRET_KEY: 'sk_test_crash',
      STRIPE_API_URL: standIn.url,
      STRIPE_WEBHOOK_SECRET: SECRET,
      WAREHOUSE_URL: warehouse.url,
      ORDER_LEASE_MS: String(LEASE_MS),
    };
    const child = await startServerChild(env);
    children.push(child);
    return child;
  };
  async function paidEvent() {
    const created = await stripeForStandIn(standIn).checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: 'price_1', quantity: 1 }],
      success_url: 'https://shop.example/',
      metadata: ourMetadata(DEFAULT_INTEGRATION, 'coffee-beans-1kg'),
    });
    return {
      id: created.id,
      payload: checkoutEvent('checkout.session.completed', { ...created, status: 'complete', payment_status: 'paid' }),
    };
  }
  const deliver = (child: ServerChild, payload: string) => deliverSigned(`${child.url}${CHECKOUT_PATHS.webhook}`, payload, SECRET);

  it('SIGKILL while the warehouse has the order: refused while the lease lives, shipped once after it, under the same key', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    // The first call reaches the warehouse and is never answered: the process dies waiting.
    respond = (_call, index) => (index === 0 ? (arrived(), new Promise<number>(() => {})) : 200);
    const { id, payload } = await paidEvent();
    const first = await start();
    const dying = deliver(first, payload).catch((error: Error) => error);
    await reached;
    first.kill('SIGKILL');
    await exited(first.pid);
    expect(await dying).toHaveProperty('message', 'fetch failed'); // no answer: the process is gone
    const killedAt = Date.now();
    const second = await start();
    // Stripe's retry, while the dead process's lease is still live (if the restart was that quick).
    const sentAt = Date.now();
    const early = await deliver(second, payload);
    const answeredAt = Date.now();
    // The lease live for the whole request: 409; over before it was sent: 200; in between (a slow
    // answer on a busy machine), either is right.
    const expected = answeredAt - killedAt < LEASE_MS - 100 ? [409] : sentAt - killedAt > LEASE_MS + 100 ? [200] : [200, 409];
    expect(expected).toContain(early.status);
    await sleep(Math.max(0, killedAt + LEASE_MS + 100 - Date.now()));
    expect((await deliver(second, payload)).status).toBe(200);
    expect((await deliver(second, payload)).status).toBe(200);
    expect(warehouse.calls.filter((c) => c.idempotencyKey === id).map((c) => c.idempotencyKey)).toEqual([id, id]);
    expect(warehouse.shipments().size).toBe(1);
    second.kill('SIGTERM');
    await exited(second.pid);
    // The restart kept the order, shipped.
    const db = await openDatabase(dbEnv);
    expect(await sqlOrders(db).get(id)).toMatchObject({ state: 'fulfilled', attempts: 2 });
    await db.close();
  });

  if (driver === 'postgres') {
    it('two instances on one Postgres get the same event at once: one ships, the other answers 409; redeliveries 200', async () => {
      // The warehouse answers once the other delivery has been answered: the two overlap however slow the machine.
      let ship!: () => void;
      const shipping = new Promise<void>((resolve) => (ship = resolve));
      respond = () => shipping.then(() => 200);
      const [a, b] = await Promise.all([start(), start()]);
      const { id, payload } = await paidEvent();
      const both = [deliver(a, payload), deliver(b, payload)];
      expect((await Promise.race(both)).status).toBe(409);
      ship();
      const statuses = (await Promise.all(both)).map((res) => res.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect((await Promise.all([deliver(a, payload), deliver(b, payload)])).map((res) => res.status)).toEqual([200, 200]);
      expect(warehouse.calls.filter((c) => c.idempotencyKey === id)).toHaveLength(1);
    });
  }
});
