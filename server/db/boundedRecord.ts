// The records the session routes keep before calling Stripe (the button's parameters per
// Idempotency-Key, the form's window per fingerprint) make a payment wait on the database. A record
// that cannot be read or written in time is not worth a lost payment: the call gives up after
// `timeoutMs` (or at the database's first error) and answers its fallback, the degradation logged and
// counted. While the database is failing, one record at a time asks it again (a probe), at most one
// probe per bound; the others go without at once, so a stall costs one request in many the bound, not
// every request. The next probe is due one bound after the failure began or the last probe started,
// never after the last request that went without: under steady traffic those never stop, and a
// schedule they pushed would never come. Logged when it starts failing, every 100th degradation, and
// when it answers again. Only the session routes degrade: the webhook and reconcile answer a database
// failure with a failure, so Stripe delivers again.
import { positiveOr } from '../../src/core/bounds';

export interface RecordHealth {
  /** A record was given up on: logged, and counted per record. */
  degraded(record: string, error: unknown): void;
  /** The database answered a record: records ask it again. */
  answered(): void;
  /** Whether this record may ask the database now: `ask` while it answers, one `probe` at a time while it fails. */
  mayAsk(): 'ask' | 'probe' | false;
  /** The probe is over. */
  probed(): void;
  /** Degradations so far, per record (`sessionRequests.fix`, `formSubmissions.claim`, …). */
  counts(): Readonly<Record<string, number>>;
}

export interface RecordBound {
  timeoutMs: number;
  health: RecordHealth;
}

/** Under a second: what a payment waits on its record at most before going to Stripe without it. */
export const DEFAULT_RECORD_TIMEOUT_MS = 1_000;

export function recordHealth(
  log: (line: string, error: unknown) => void = (line) => console.error(line),
  probeEveryMs = DEFAULT_RECORD_TIMEOUT_MS,
): RecordHealth {
  const counts: Record<string, number> = {};
  let failing = false;
  let probing = false;
  let nextProbeAt = 0;
  let total = 0;
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  return {
    degraded(record, error) {
      counts[record] = (counts[record] ?? 0) + 1;
      total += 1;
      if (!failing) nextProbeAt = performance.now() + probeEveryMs;
      if (!failing || total % 100 === 0) {
        log(
          `[orders] ${record} gave up on the database (${reason(error)}); payments go on without their records (${total} so far: ${JSON.stringify(counts)}).`,
          error,
        );
      }
      failing = true;
    },
    answered() {
      if (failing) log(`[orders] the database answers again, after ${total} records given up on.`, undefined);
      failing = false;
    },
    mayAsk() {
      if (!failing) return 'ask';
      const now = performance.now();
      if (probing || now < nextProbeAt) return false;
      probing = true;
      nextProbeAt = now + probeEveryMs;
      return 'probe';
    },
    probed: () => void (probing = false),
    counts: () => ({ ...counts }),
  };
}

export const defaultRecordBound = (): RecordBound => ({ timeoutMs: DEFAULT_RECORD_TIMEOUT_MS, health: recordHealth() });

/** A bound of `timeoutMs`, its health probing at most once per bound. */
export const recordBound = (timeoutMs: number, log?: (line: string, error: unknown) => void): RecordBound => ({
  timeoutMs,
  health: recordHealth(log, timeoutMs),
});

export class RecordTimeoutError extends Error {}

/** `work()` within the bound, else `fallback()`; never pending longer than `timeoutMs`. */
export async function withinBound<T>(bound: RecordBound, record: string, work: () => Promise<T>, fallback: () => T): Promise<T> {
  const { health } = bound;
  const asking = health.mayAsk();
  if (!asking) {
    health.degraded(record, new RecordTimeoutError('the database is failing and another request is probing it'));
    return fallback();
  }
  const ms = positiveOr(bound.timeoutMs, DEFAULT_RECORD_TIMEOUT_MS);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    if (Number.isFinite(ms)) timer = setTimeout(() => reject(new RecordTimeoutError(`no answer within ${ms} ms`)), ms);
  });
  try {
    const result = await Promise.race([work(), late]);
    health.answered();
    return result;
  } catch (error) {
    health.degraded(record, error);
    return fallback();
  } finally {
    clearTimeout(timer);
    if (asking === 'probe') health.probed();
  }
}
