// `npm run reconcile [-- --days N]`: reconcile.ts once. When a server owns the PGlite folder, it asks
// that server for the run (reconcileSocket.ts) and prints its report; otherwise it runs it here with
// the standalone server's configuration (STRIPE_SECRET_KEY, DATABASE_URL or the PGlite folder,
// WAREHOUSE_URL). Exits 1 if an order failed to ship, so a scheduler notices. `checkout-server
// reconcile` is the same command (cli/reconcile.ts). The report is the command's output, on stdout.
import type { Command } from '../cli/command';
import { errorFields } from '../log/errorFields';
import type { Logger } from '../log/logger';
import { describeDatabase, embeddedDirOf, openDatabase } from '../db/open';
import { ownershipFromEnv } from '../config';
import { stripeFromEnv } from '../main';
import { sqlOrders } from '../orders/orderStore';
import type { ReconcileReport } from './reconcile';
import { reconcileAlone, summarize } from './reconcileSchedule';
import { askOwnerToReconcile } from './reconcileSocket';
import { warehouseFulfil } from '../orders/warehouse';

function print(report: ReconcileReport | 'busy'): number {
  if (report === 'busy') {
    console.log('another instance is reconciling now: nothing to do');
    return 0;
  }
  console.log(summarize(report));
  for (const id of report.shipped) console.log(`  shipped ${id}`);
  for (const { id, error } of report.failed) console.log(`  FAILED ${id}: ${error}`);
  return report.failed.length ? 1 : 0;
}

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const flag = args.indexOf('--days');
  const days = flag >= 0 ? Number(args[flag + 1]) : 7;
  if (!(days > 0)) throw new Error('--days takes a positive number.');
  console.log(`reconcile: complete Checkout Sessions of the last ${days} days, orders in ${describeDatabase(env)}`);
  const folder = embeddedDirOf(env);
  const answer = folder ? await askOwnerToReconcile(folder, days) : undefined;
  if (answer) {
    console.log('run by the server that owns the folder (its Stripe key and warehouse):');
    if ('error' in answer) throw new Error(answer.error);
    return print('busy' in answer ? 'busy' : answer.report);
  }
  const stripe = stripeFromEnv(env);
  // Never waits for a live holder: a server that holds the folder was asked above.
  const db = await openDatabase(env, { wait: { purpose: 'npm run reconcile' } });
  try {
    const orders = sqlOrders(db);
    return print(
      await reconcileAlone(db, { stripe, days, orders, fulfil: warehouseFulfil({ url: env.WAREHOUSE_URL }), ours: ownershipFromEnv(env) }),
    );
  } finally {
    await db.close();
  }
}

export const reconcileCommand: Command = (args, env, logger) =>
  main(args, env).catch((error: unknown) => {
    logger.error(
      { ...errorFields(error), code: 'reconcile_failed' },
      `reconcile: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  });

/** `npm run reconcile`: a person reads it, so failures are plain lines on stderr. */
const plainLines: Logger = {
  debug() {},
  info: (_f, m) => console.error(m),
  warn: (_f, m) => console.error(m),
  error: (_f, m) => console.error(m),
};

if (require.main === module)
  void reconcileCommand(process.argv.slice(2), process.env, plainLines).then((code) => (process.exitCode = code));
