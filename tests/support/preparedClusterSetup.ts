// Before the unit lane: the prepared PGlite cluster every embedded database starts from
// (server/db/preparedCluster.ts), made once per PGlite version, so no test waits on initdb (about
// 50 s on a loaded 2-core machine) and no two workers make it at once.
import { existsSync } from 'node:fs';
import { prepareCluster, preparedClusterPaths } from '../../server/db/preparedCluster';

export default async function preparedClusterSetup(): Promise<void> {
  if (preparedClusterPaths().some((file) => existsSync(file))) return;
  const started = performance.now();
  const file = await prepareCluster();
  console.log(`\nPrepared the PGlite cluster (${Math.round(performance.now() - started)} ms): ${file}`);
}
