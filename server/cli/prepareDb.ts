// `checkout-server prepare-db`: makes the prepared PGlite cluster ahead of time into the app's cache, so
// the embedded database's first start unpacks it instead of running initdb. The package ships one; this
// is for a server run from source, or a build that left it out.
import { prepareCluster, preparedClusterPaths } from '../db/preparedCluster';
import { EXIT, type Command } from './command';
import { failed } from './failure';

export const prepareDb: Command = async (args, env, logger) => {
  const out = args[0] === '--out' ? args[1] : preparedClusterPaths(env)[1];
  if (!out) {
    logger.error({ code: 'usage' }, 'checkout-server prepare-db [--out <file>]');
    return EXIT.usage;
  }
  try {
    const started = performance.now();
    await prepareCluster(out);
    logger.info(
      { code: 'cluster_prepared', file: out, ms: Math.round(performance.now() - started) },
      `Prepared the PGlite cluster in ${out}.`,
    );
    return EXIT.ok;
  } catch (error) {
    return failed(logger, error, 'prepare_failed');
  }
};
