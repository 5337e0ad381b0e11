// `npm run reconcile [-- --days N]`: reconcile.ts once, with the standalone server's configuration
// (STRIPE_SECRET_KEY, DATABASE_URL or the PGlite folder, WAREHOUSE_URL). Exits 1 if an order failed
// to ship, so a scheduler notices.
import { ownershipFromEnv } from './backend';
import { openDatabase, describeDatabase } from './db/open';
import { stripeFromEnv } from './main';
import { sqlOrders } from './orderStore';
import { reconcile } from './reconcile';
import { warehouseFulfil } from './warehouse';

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--days');
  const days = flag > 0 ? Number(process.argv[flag + 1]) : 7;
  if (!(days > 0)) throw new Error('--days takes a positive number.');
  const stripe = stripeFromEnv(process.env);
  const db = await openDatabase(process.env);
  try {
    console.log(`reconcile: complete Checkout Sessions of the last ${days} days, orders in ${describeDatabase()}`);
    const report = await reconcile({ stripe, days, orders: sqlOrders(db), fulfil: warehouseFulfil({ url: process.env.WAREHOUSE_URL }), ours: ownershipFromEnv(process.env) });
    console.log(`listed ${report.listed}; shipped now ${report.shipped.length}; already shipped ${report.alreadyShipped}; in progress ${report.inProgress.length}; not paid ${report.notPaid}; failed ${report.failed.length}`);
    for (const id of report.shipped) console.log(`  shipped ${id}`);
    for (const { id, error } of report.failed) console.log(`  FAILED ${id}: ${error}`);
    process.exitCode = report.failed.length ? 1 : 0;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`reconcile: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
