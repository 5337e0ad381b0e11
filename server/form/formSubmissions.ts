// The form's idempotency, remembered in the orders' database so every instance agrees: for each
// fingerprint (formFingerprint.ts), the Idempotency-Key its submits share with Stripe for a short
// window, and the session that key made. Of two submits at once, both get the same key: the insert
// is one statement, and Postgres makes the second wait for the first's row. A database that cannot
// answer in time (boundedRecord.ts) costs only that: the submit gets a fresh key of its own, and the
// degradation is logged and counted. The form is the path that must always work.
import { randomUUID } from 'node:crypto';
import { clampCount } from '../../src/core/bounds';
import { defaultRecordBound, withinBound, type RecordBound } from '../db/boundedRecord';
import type { Queryable } from '../db/sql';

/** Long enough for a double click and a back-and-submit; short, since a fingerprint is not a person. */
export const FORM_REPLAY_WINDOW_MS = 10 * 60_000;

export interface RememberedSubmit {
  idempotencyKey: string;
  /** The Checkout Session the key made, once known. */
  sessionId: string | null;
}

export interface FormSubmissions {
  /** The key of this fingerprint's live window, or a new window with a new key. */
  claim(fingerprint: string): Promise<RememberedSubmit>;
  recordSession(fingerprint: string, idempotencyKey: string, sessionId: string): Promise<void>;
  /** The remembered session is over (paid, expired): a new key, unless another submit already made one. */
  renew(fingerprint: string, staleKey: string): Promise<RememberedSubmit>;
}

const CLAIM = `
  INSERT INTO checkout_form_submissions AS f (fingerprint, idempotency_key) VALUES ($1, $2)
  ON CONFLICT (fingerprint) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key, session_id = NULL, created_at = now()
    WHERE f.created_at <= now() - $3 * interval '1 millisecond'
  RETURNING idempotency_key, session_id`;
const RENEW = `UPDATE checkout_form_submissions SET idempotency_key = $3, session_id = NULL, created_at = now()
  WHERE fingerprint = $1 AND idempotency_key = $2 RETURNING idempotency_key, session_id`;
const READ = 'SELECT idempotency_key, session_id FROM checkout_form_submissions WHERE fingerprint = $1';

interface Row {
  idempotency_key: string;
  session_id: string | null;
}
const toSubmit = (row: Row): RememberedSubmit => ({ idempotencyKey: row.idempotency_key, sessionId: row.session_id });
const newKey = () => `form-${randomUUID()}`;

export function sqlFormSubmissions(
  db: Queryable,
  windowMs = FORM_REPLAY_WINDOW_MS,
  now: () => number = Date.now,
  bound: RecordBound = defaultRecordBound(),
): FormSubmissions {
  const window = clampCount(windowMs, 1000, 3_600_000, FORM_REPLAY_WINDOW_MS);
  let swept = 0;
  async function claim(fingerprint: string): Promise<RememberedSubmit> {
    // Windows that ended are useless: swept at most once a minute per instance.
    if (now() - swept > 60_000) {
      swept = now();
      await db.query(`DELETE FROM checkout_form_submissions WHERE created_at < now() - $1 * interval '1 millisecond'`, [window]);
    }
    const [won] = await db.query<Row>(CLAIM, [fingerprint, newKey(), window]);
    if (won) return toSubmit(won);
    // A live window holds the row: read it (a fresh statement sees a row committed meanwhile).
    const [live] = await db.query<Row>(READ, [fingerprint]);
    return live ? toSubmit(live) : claim(fingerprint);
  }
  const fresh = (): RememberedSubmit => ({ idempotencyKey: newKey(), sessionId: null });
  return {
    claim: (fingerprint) => withinBound(bound, 'formSubmissions.claim', () => claim(fingerprint), fresh),
    recordSession: (fingerprint, idempotencyKey, sessionId) =>
      withinBound(
        bound,
        'formSubmissions.recordSession',
        async () =>
          void (await db.query('UPDATE checkout_form_submissions SET session_id = $3 WHERE fingerprint = $1 AND idempotency_key = $2', [
            fingerprint,
            idempotencyKey,
            sessionId,
          ])),
        () => undefined,
      ),
    renew: (fingerprint, staleKey) =>
      withinBound(
        bound,
        'formSubmissions.renew',
        async () => {
          const [renewed] = await db.query<Row>(RENEW, [fingerprint, staleKey, newKey()]);
          return renewed ? toSubmit(renewed) : claim(fingerprint);
        },
        fresh,
      ),
  };
}
