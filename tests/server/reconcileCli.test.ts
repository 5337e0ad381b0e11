/** @jest-environment node */
// `npm run reconcile` while server/main.ts runs on the default database (PGlite in a folder): the
// command asks the server that owns the folder for the run, and prints its report; once the server
// stopped, it runs by itself on the same folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/open';
import { CHECKOUT_PATHS } from '../../server/routes';
import { startStripeApiStandIn, type StripeApiStandIn } from '../../stand-ins/stripeApi';
import { startWarehouseStandIn, type WarehouseStandIn } from '../../stand-ins/warehouse';
import { tsNodeChildEnv } from '../support/tsNodeChild';
import { exited, startServerChild, type ServerChild } from './support/serverProcesses';

jest.setTimeout(180_000);
const ROOT = path.resolve(__dirname, '../..');
let standIn: StripeApiStandIn;
let warehouse: WarehouseStandIn;
let server: ServerChild | undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'reconcile-cli-'));
const folder = { ORDERS_DATA_DIR: path.join(dir, 'orders') };

beforeAll(async () => {
  standIn = await startStripeApiStandIn();
  warehouse = await startWarehouseStandIn();
  // Created here: making a PGlite folder takes seconds (half a minute on a busy machine), opening one does not.
  await (await openDatabase(folder)).close();
}, 120_000);
afterAll(async () => {
  server?.kill('SIGKILL');
  await standIn?.close();
  await warehouse?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run reconcile`'s command, with only the environment given (no key unless given). */
const reconcileCli = (env: Record<string, string>) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    const { STRIPE_SECRET_KEY: _key, DATABASE_URL: _url, ...inherited } = process.env;
    execFile(
      process.execPath,
      ['-r', 'ts-node/register', 'server/reconcile/reconcileCli.ts'],
      { cwd: ROOT, env: tsNodeChildEnv({ ...inherited, ...env }) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
    );
  });

it('while the server owns the PGlite folder, npm run reconcile asks it for the run and ships the missed order once; after the server stopped, it runs by itself', async () => {
  server = await startServerChild({
    ...folder,
    STRIPE_SECRET_KEY: 'sk_test_reconcileCli',
    STRIPE_API_URL: standIn.url,
    WAREHOUSE_URL: warehouse.url,
    RECONCILE_INTERVAL_MS: 'off',
  });
  const created = await fetch(`${server.url}${CHECKOUT_PATHS.sessions}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'reconcile-cli-1' },
    body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
  });
  const id = /\/pay\/(cs_[^#]+)/.exec(((await created.json()) as { url: string }).url)![1];
  await standIn.complete(id, 'paid'); // paid, and no webhook reached the server: a missed event

  const configured = { ...folder, STRIPE_SECRET_KEY: 'sk_test_reconcileCli', STRIPE_API_URL: standIn.url, WAREHOUSE_URL: warehouse.url };
  const first = await reconcileCli(configured);
  expect(first.out).toContain('run by the server that owns the folder');
  expect(first.out).toMatch(/listed 1; shipped now 1; already shipped 0/);
  expect(first.out).toContain(`shipped ${id}`);
  expect(first.code).toBe(0);
  // No STRIPE_SECRET_KEY at all: the server's own configuration runs it.
  expect((await reconcileCli(folder)).out).toMatch(/shipped now 0; already shipped 1/);
  expect(warehouse.calls.map((call) => call.idempotencyKey)).toEqual([id]);

  server.kill('SIGTERM');
  await exited(server.pid);
  server = undefined;
  const alone = await reconcileCli(configured);
  expect(alone.out).not.toContain('run by the server');
  expect(alone.out).toMatch(/listed 1; shipped now 0; already shipped 1/);
  expect(alone.code).toBe(0);
});

it('a server restarted while npm run reconcile holds the folder waits for it, then starts, instead of exiting', async () => {
  const env = { ...folder, STRIPE_SECRET_KEY: 'sk_test_reconcileCli', STRIPE_API_URL: standIn.url, RECONCILE_INTERVAL_MS: 'off' };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // Each of the command's shipments waits for the gate (at most 6 s: fulfil's 10 s timeout also counts
  // the request's way there and back, slow on a busy machine): three missed orders hold the folder up to 18 s.
  const slowWarehouse = await startWarehouseStandIn(async () => {
    await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 6_000))]);
    return 200;
  });
  try {
    const before = await startServerChild(env);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await fetch(`${before.url}${CHECKOUT_PATHS.sessions}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `reconcile-cli-restart-${n}` },
        body: JSON.stringify({ productId: 'coffee-beans-1kg', mode: 'redirect' }),
      });
      ids.push(/\/pay\/(cs_[^#]+)/.exec(((await created.json()) as { url: string }).url)![1]);
      await standIn.complete(ids.at(-1)!, 'paid');
    }
    before.kill('SIGTERM'); // the restart begins
    await exited(before.pid);

    const cli = reconcileCli({ ...env, WAREHOUSE_URL: slowWarehouse.url });
    while (slowWarehouse.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 50)); // it holds the folder now
    // The command finishes once the new server has found it holding the folder (its log says
    // `folder_held`), or has failed; or the command gave up on the warehouse (18 s) first.
    let log = '';
    let held!: () => void;
    const heldSaid = new Promise<void>((resolve) => (held = resolve));
    const starting = startServerChild({ ...env, WAREHOUSE_URL: slowWarehouse.url }, (text) => {
      log += text;
      if (log.includes('"code":"folder_held"')) held();
    });
    const settled = starting.then(
      () => 'started',
      () => 'failed',
    );
    await Promise.race([heldSaid, settled]);
    open();
    server = await starting; // a server that exits when the folder is held rejects here
    const done = await cli;
    for (const id of ids) expect(done.out).toContain(`shipped ${id}`);
    expect(done.code).toBe(0);
    const status = await fetch(`${server.url}${CHECKOUT_PATHS.status}?session_id=${ids[0]}`);
    expect(status.status).toBe(200);
  } finally {
    open();
    await slowWarehouse.close();
  }
});
