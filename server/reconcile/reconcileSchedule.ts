// Reconcile on a schedule inside the server: every `RECONCILE_INTERVAL_MS` (an hour by default; `off`
// turns it off), one run at a time in this process (the schedule's and those `npm run reconcile` asks
// for wait for each other), and on Postgres one at a time across instances: a run holds an advisory
// lock for its length, and an instance that finds it taken skips its turn. A failing run is logged and
// the next one still comes. The timer never keeps the process alive; `stop` ends it.
import { positiveOr, startTimer } from '../../src/core/bounds';
import type { Database } from '../db/sql';
import { reconcile, type ReconcileOptions, type ReconcileReport } from './reconcile';

export const DEFAULT_RECONCILE_INTERVAL_MS = 3_600_000;
/** Any constant of ours, other than the migrations' lock. */
const RECONCILE_LOCK = 7_301_024;

/** The interval in ms; Infinity (never) above the longest timer, 2³¹−1 ms; false for `off`. */
export function reconcileIntervalFromEnv(env: NodeJS.ProcessEnv): number | false {
  const value = env.RECONCILE_INTERVAL_MS;
  if (value === 'off') return false;
  if (value === undefined) return DEFAULT_RECONCILE_INTERVAL_MS;
  const ms = Number(value);
  if (!(ms > 0)) throw new Error(`RECONCILE_INTERVAL_MS must be a number of milliseconds, or off, not ${value}.`);
  return positiveOr(ms, DEFAULT_RECONCILE_INTERVAL_MS);
}

/** One run; `busy` when another instance on the same Postgres is running one. */
export async function reconcileAlone(db: Database, options: ReconcileOptions): Promise<ReconcileReport | 'busy'> {
  // PGlite has one process, and its transaction would make the run's own statements wait for it.
  if (db.kind !== 'postgres') return reconcile(options);
  return db.transaction(async (tx) => {
    const [{ locked }] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [RECONCILE_LOCK]);
    return locked ? reconcile(options) : 'busy';
  });
}

export const summarize = (report: ReconcileReport) =>
  `listed ${report.listed}; shipped now ${report.shipped.length}; already shipped ${report.alreadyShipped}; in progress ${report.inProgress.length}; not paid ${report.notPaid}; failed ${report.failed.length}`;

export interface Reconciler {
  /** One run now, after the one in progress in this process if any (`days` overrides the window). */
  run(days?: number): Promise<ReconcileReport | 'busy'>;
  stop(): void;
}

export interface ReconcilerOptions {
  db: Database;
  reconcile: ReconcileOptions;
  /** From `reconcileIntervalFromEnv`: false never schedules; Infinity neither. */
  everyMs: number | false;
  log?: (line: string, error?: unknown) => void;
}

const logToConsole = (line: string, error?: unknown) => (error === undefined ? console.log(line) : console.error(line, error));

export function startReconciler({ db, reconcile: options, everyMs, log = logToConsole }: ReconcilerOptions): Reconciler {
  let queue: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const run = (days?: number) => {
    const next = queue.then(() => reconcileAlone(db, days === undefined ? options : { ...options, days }));
    queue = next.catch(() => {});
    return next;
  };
  const schedule = () => {
    if (stopped || everyMs === false) return;
    timer = startTimer(tick, everyMs);
    timer?.unref();
  };
  const tick = () =>
    void run()
      .then(
        (report) => log(report === 'busy' ? 'reconcile: skipped, another instance is running one' : `reconcile: ${summarize(report)}`),
        (error: unknown) => log(`reconcile failed; the next run is in ${everyMs} ms`, error),
      )
      .finally(schedule);
  schedule();
  return {
    run,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
