// The form's window on both drivers: of twenty submits at once, every one gets the same key (one
// statement claims); a window's key and session are read back; a window that ended, or a session that
// is over, gives a new key exactly once however many submits ask at the same time.
import { recordBound } from '../../../server/db/boundedRecord';
import { openDatabase } from '../../../server/db/open';
import type { Database } from '../../../server/db/sql';
import { sqlFormSubmissions } from '../../../server/form/formSubmissions';
import { describeEachDatabase } from '../../support/databases';

/**
 * The store with its record bound a failure deadline, not the production 1 s: on a 2-core runner at
 * 100 % CPU a claim on Postgres outlasted 1 s and got a fresh key (the degraded answer), failing a
 * test of the SQL. The bound has its own tests (boundedRecord.test.ts, stalledDatabase.test.ts).
 */
const storeOn = (db: Database, windowMs?: number, now?: () => number) => sqlFormSubmissions(db, windowMs, now, recordBound(60_000));

export function describeStore(): void {
  describeEachDatabase('the form submissions store', (_driver, databases) => {
    let db: Database;
    beforeAll(async () => {
      db = await openDatabase(await databases.fresh());
    }, 60_000);
    afterAll(() => db?.close());

    it('twenty claims of one fingerprint at once: one key for all of them', async () => {
      const store = storeOn(db);
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('fp-race')));
      expect(new Set(claims.map((c) => c.idempotencyKey)).size).toBe(1);
      expect(claims[0]).toEqual({ idempotencyKey: expect.stringMatching(/^form-[0-9a-f-]{36}$/), sessionId: null });
    });

    it('the session recorded under the key is what the next claim reads; another fingerprint has its own key', async () => {
      const store = storeOn(db);
      const first = await store.claim('fp-read');
      await store.recordSession('fp-read', first.idempotencyKey, 'cs_test_read');
      expect(await store.claim('fp-read')).toEqual({ idempotencyKey: first.idempotencyKey, sessionId: 'cs_test_read' });
      expect((await store.claim('fp-other')).idempotencyKey).not.toBe(first.idempotencyKey);
    });

    it('a session over: twenty renewals at once make one new key, with no session yet', async () => {
      const store = storeOn(db);
      const first = await store.claim('fp-renew');
      await store.recordSession('fp-renew', first.idempotencyKey, 'cs_test_paid');
      const renewed = await Promise.all(Array.from({ length: 20 }, () => store.renew('fp-renew', first.idempotencyKey)));
      const keys = new Set(renewed.map((r) => r.idempotencyKey));
      expect(keys.size).toBe(1);
      expect(keys.has(first.idempotencyKey)).toBe(false);
      expect(renewed[0].sessionId).toBeNull();
      // A late recording under the stale key does not overwrite the new window.
      await store.recordSession('fp-renew', first.idempotencyKey, 'cs_test_stale');
      expect((await store.claim('fp-renew')).sessionId).toBeNull();
    });

    it('a window that ended gives a new key; rows past it are swept', async () => {
      let now = 1_000_000;
      const store = storeOn(db, 1000, () => now);
      const first = await store.claim('fp-window');
      expect((await store.claim('fp-window')).idempotencyKey).toBe(first.idempotencyKey);
      // The window is measured on the database's clock: its row made 1.1 s older, not a wait for it.
      await db.query(
        `UPDATE checkout_form_submissions SET created_at = created_at - interval '1100 milliseconds' WHERE fingerprint = 'fp-window'`,
      );
      const later = await store.claim('fp-window');
      expect(later.idempotencyKey).not.toBe(first.idempotencyKey);
      await db.query(`UPDATE checkout_form_submissions SET created_at = now() - interval '2 seconds' WHERE fingerprint = 'fp-old'`);
      await store.claim('fp-old');
      await db.query(`UPDATE checkout_form_submissions SET created_at = now() - interval '2 seconds' WHERE fingerprint = 'fp-old'`);
      now += 61_000;
      await store.claim('fp-sweeper');
      expect(await db.query(`SELECT fingerprint FROM checkout_form_submissions WHERE fingerprint = 'fp-old'`)).toEqual([]);
    });
  });
}
