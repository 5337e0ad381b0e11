// Reconcile on a schedule inside the server: every `RECONCILE_INTERVAL_MS` (an hour by default; `off`
// turns it off), one run at a time in this process (the schedule's and those `npm run reconcile` asks
// for wait for each other), and on Postgres once per interval across instances: each run's start is
// recorded in `checkout_job_runs` by one statement that succeeds only when no run is in progress and,
// for a scheduled run, none started within the interval; an instance whose claim fails skips its turn.
// No transaction is held across the run (its Stripe calls take minutes; an idle transaction would be
// killed by `idle_in_transaction_session_timeout` and hold a connection). A run that never finished
// (its process died) stops counting as in progress after RUN_STALE_MS. A failing run is logged and
// the next one still comes. The first run comes soon after start (jittered, so instances started
// together do not all ask at once; the claim still lets one run per interval): an instance that lives
// less than an interval must reconcile too. The timer never keeps the process alive. `stop` ends the
// schedule and waits for a run in progress (bounded): a run left unfinished in the database would make
// every instance skip for RUN_STALE_MS, so one still going at the bound is recorded as finished.
import { randomUUID } from 'node:crypto';
import { positiveOr, startTimer } from '../../src/core/bounds';
import type { Database } from '../db/sql';
import { reconcile, type ReconcileOptions, type ReconcileReport } from './reconcile';

export const DEFAULT_RECONCILE_INTERVAL_MS = 3_600_000;
/** A run still unfinished after this long is taken for dead (its process crashed): another may start. */
export const RUN_STALE_MS = 30 * 60_000;
/** The first scheduled run after start: within this window (uniformly), or the interval if shorter. */
export const FIRST_RUN_WINDOW_MS: readonly [number, number] = [30_000, 120_000];
/** What `stop` waits for a run in progress to end (a shutdown has its own deadline above it). */
export const STOP_WAIT_MS = 10_000;
const JOB = 'reconcile';

const CLAIM = `
  INSERT INTO checkout_job_runs AS r (job, started_at, instance) VALUES ($1, now(), $2)
  ON CONFLICT (job) DO UPDATE SET started_at = now(), finished_at = NULL, instance = $2
    WHERE (r.finished_at IS NOT NULL OR r.started_at < now() - $3 * interval '1 millisecond')
      AND r.started_at <= now() - $4 * interval '1 millisecond'
  RETURNING job`;

/** The interval in ms; Infinity (never) above the longest timer, 2³¹−1 ms; false for `off`. */
export function reconcileIntervalFromEnv(env: NodeJS.ProcessEnv): number | false {
  const value = env.RECONCILE_INTERVAL_MS;
  if (value === 'off') return false;
  if (value === undefined) return DEFAULT_RECONCILE_INTERVAL_MS;
  const ms = Number(value);
  if (!(ms > 0)) throw new Error(`RECONCILE_INTERVAL_MS must be a number of milliseconds, or off, not ${value}.`);
  return positiveOr(ms, DEFAULT_RECONCILE_INTERVAL_MS);
}

/** The runs claimed under each signal, so whoever aborts it can record them finished (`stop`). */
const claimedUnder = new WeakMap<AbortSignal, Set<string>>();

/**
 * One run; `busy` when another instance on the same Postgres is running one, or (given `everyMs`, a
 * scheduled run) started one within the interval.
 */
export async function reconcileAlone(db: Database, options: ReconcileOptions, everyMs = 0): Promise<ReconcileReport | 'busy'> {
  // PGlite has one process: this process's queue is the only one.
  if (db.kind !== 'postgres') return reconcile(options);
  const run = randomUUID();
  const interval = Number.isFinite(everyMs) ? everyMs : 0;
  const claimed = await db.query(CLAIM, [JOB, run, RUN_STALE_MS, interval]);
  if (claimed.length === 0) return 'busy';
  const runs = options.signal && claimedUnder.get(options.signal);
  runs?.add(run);
  try {
    return await reconcile(options);
  } finally {
    runs?.delete(run);
    // Not recorded (the database failed meanwhile): the run counts as in progress until RUN_STALE_MS.
    await finishRun(db, run).catch(() => {});
  }
}

const finishRun = (db: Database, run: string) =>
  db.query('UPDATE checkout_job_runs SET finished_at = now() WHERE job = $1 AND instance = $2 AND finished_at IS NULL', [JOB, run]);

export const summarize = (report: ReconcileReport) =>
  `listed ${report.listed}; shipped now ${report.shipped.length}; already shipped ${report.alreadyShipped}; in progress ${report.inProgress.length}; not paid ${report.notPaid}; failed ${report.failed.length}`;

export interface Reconciler {
  /** One run now, after the one in progress in this process if any (`days` overrides the window). */
  run(days?: number): Promise<ReconcileReport | 'busy'>;
  /** Ends the schedule; resolves once no run of this process counts as in progress (see STOP_WAIT_MS). */
  stop(): Promise<void>;
}

export interface ReconcilerOptions {
  db: Database;
  reconcile: ReconcileOptions;
  /** From `reconcileIntervalFromEnv`: false never schedules; Infinity neither. */
  everyMs: number | false;
  log?: (line: string, error?: unknown) => void;
  /** The first scheduled run's delay (jittered within FIRST_RUN_WINDOW_MS by default). */
  firstRunMs?: number;
  /** What `stop` waits for a run in progress (STOP_WAIT_MS by default). */
  stopWaitMs?: number;
}

const logToConsole = (line: string, error?: unknown) => (error === undefined ? console.log(line) : console.error(line, error));

const firstRunDelay = (everyMs: number) => {
  const [from, to] = FIRST_RUN_WINDOW_MS;
  return Math.min(everyMs, from + Math.random() * (to - from));
};

export function startReconciler(reconcilerOptions: ReconcilerOptions): Reconciler {
  const { db, reconcile: options, everyMs, log = logToConsole, stopWaitMs = STOP_WAIT_MS } = reconcilerOptions;
  let queue: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stopping = new AbortController();
  const claimed = new Set<string>();
  claimedUnder.set(stopping.signal, claimed);
  const enqueue = (days: number | undefined, interval: number) => {
    const runOptions = { ...options, signal: stopping.signal, ...(days === undefined ? {} : { days }) };
    const next = queue.then(() => reconcileAlone(db, runOptions, interval));
    queue = next.catch(() => {});
    return next;
  };
  // Asked for (npm run reconcile): runs unless one is in progress. Scheduled: once per interval across instances.
  const run = (days?: number) => enqueue(days, 0);
  const schedule = (ms = everyMs) => {
    if (stopped || ms === false) return;
    timer = startTimer(tick, ms);
    timer?.unref();
  };
  const tick = () =>
    void enqueue(undefined, everyMs === false ? 0 : everyMs)
      .then(
        (report) =>
          log(
            report === 'busy'
              ? 'reconcile: skipped, another instance ran one within the interval or is running one'
              : `reconcile: ${summarize(report)}`,
          ),
        (error: unknown) => log(`reconcile failed; the next run is in ${everyMs} ms`, error),
      )
      .finally(() => schedule());
  if (everyMs !== false) schedule(reconcilerOptions.firstRunMs ?? firstRunDelay(everyMs));
  return {
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      let bound: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([queue, new Promise((resolve) => (bound = setTimeout(resolve, stopWaitMs)))]);
      clearTimeout(bound);
      if (claimed.size === 0 || db.kind !== 'postgres') return;
      log(`reconcile: a run still going after ${stopWaitMs} ms is recorded as finished, so other instances run theirs`);
      await Promise.all(
        [...claimed].map((id) =>
          finishRun(db, id).catch((error: unknown) => log('reconcile: its run could not be recorded as finished', error)),
        ),
      );
    },
  };
}
