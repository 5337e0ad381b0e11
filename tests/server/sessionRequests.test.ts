/** @jest-environment node */
// The parameters per Idempotency-Key on both drivers: however many attempts race under one key, on
// however many instances (stores over one database), all send the first attempt's parameters; the key
// asked for something else is refused; a key past Stripe's 24 hours starts afresh and old rows go.
import { openDatabase } from '../../server/db/open';
import type { Database } from '../../server/db/sql';
import { sqlSessionRequests, PURGE_EVERY_MS, type SessionParams } from '../../server/sessions/sessionRequests';
import { describeEachDatabase } from '../support/databases';

const paramsAt = (expiresAt: number): SessionParams => ({
  mode: 'payment',
  ui_mode: 'elements',
  return_url: 'https://shop.example/',
  expires_at: expiresAt,
  metadata: { product_id: 'coffee-beans-1kg', integration: 'shop' },
});

describeEachDatabase('the session requests', (_driver, databases) => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(await databases.fresh());
  }, 30_000);
  afterAll(() => db?.close());

  it('twenty attempts at once under one key, from three instances, all get the one first set of parameters, byte for byte', async () => {
    const instances = [sqlSessionRequests(db), sqlSessionRequests(db), sqlSessionRequests(db)];
    const fixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => instances[i % 3].fix('race-key-0001', '["coffee","wallets"]', () => paramsAt(1_000 + i))),
    );
    const sent = fixed.map((f) => (f.ok ? JSON.stringify(f.params) : 'refused'));
    expect(new Set(sent).size).toBe(1);
    expect(fixed.filter((f) => f.ok && !f.retry)).toHaveLength(1);
    // Key order too: the library form-encodes in the object's order.
    expect(Object.keys(JSON.parse(sent[0]) as object)).toEqual(Object.keys(paramsAt(0)));
  });

  it('a later attempt gets the first parameters even though its own would differ', async () => {
    const requests = sqlSessionRequests(db);
    expect(await requests.fix('later-key-0001', '["coffee","wallets"]', () => paramsAt(5_000))).toEqual({
      ok: true,
      params: paramsAt(5_000),
      retry: false,
    });
    expect(await requests.fix('later-key-0001', '["coffee","wallets"]', () => paramsAt(5_001))).toEqual({
      ok: true,
      params: paramsAt(5_000),
      retry: true,
    });
  });

  it('the key reused for another request is refused', async () => {
    const requests = sqlSessionRequests(db);
    await requests.fix('reused-key-0001', '["coffee","wallets"]', () => paramsAt(1));
    expect(await requests.fix('reused-key-0001', '["coffee","redirect"]', () => paramsAt(1))).toEqual({
      ok: false,
      reason: 'other-request',
    });
  });

  it("a key past Stripe's 24 hours starts afresh, and rows that old are purged", async () => {
    let now = 0;
    const requests = sqlSessionRequests(db, () => now);
    await requests.fix('old-key-0001', '["coffee","wallets"]', () => paramsAt(1));
    await requests.fix('old-key-0002', '["coffee","wallets"]', () => paramsAt(1));
    await db.query(`UPDATE checkout_session_requests SET created_at = now() - interval '25 hours' WHERE idempotency_key LIKE 'old-key-%'`);
    // Within the purge interval nothing is deleted, but an expired key is still a new request.
    expect(await requests.fix('old-key-0001', '["coffee","redirect"]', () => paramsAt(2))).toEqual({
      ok: true,
      params: paramsAt(2),
      retry: false,
    });
    expect(await db.query('SELECT 1 FROM checkout_session_requests WHERE idempotency_key = $1', ['old-key-0002'])).toHaveLength(1);
    now = PURGE_EVERY_MS;
    await requests.fix('new-key-0001', '["coffee","wallets"]', () => paramsAt(3));
    expect(await db.query('SELECT 1 FROM checkout_session_requests WHERE idempotency_key = $1', ['old-key-0002'])).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM checkout_session_requests WHERE idempotency_key = $1', ['old-key-0001'])).toHaveLength(1);
  });
});
