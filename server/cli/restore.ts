// `checkout-server restore <file>`: loads a backup (`checkout-server backup`) into the configured
// database, which must hold none of our tables yet (a new folder, a new Postgres database or schema),
// then migrates it to this release. Into PGlite, a new folder starts from the prepared cluster.
import { readFileSync } from 'node:fs';
import { restoreDatabase } from '../db/dump';
import { commandDatabaseFromEnv, connectDatabase } from '../db/open';
import { EXIT, type Command } from './command';
import { failed } from './failure';

export const restore: Command = async (args, env, logger) => {
  if (args.length !== 1) {
    logger.error({ code: 'usage' }, 'checkout-server restore <file>');
    return EXIT.usage;
  }
  try {
    const config = commandDatabaseFromEnv(env);
    const sql = readFileSync(args[0], 'utf8');
    const db = await connectDatabase(config, { wait: { purpose: 'checkout-server restore' } });
    try {
      const started = performance.now();
      const migrated = await restoreDatabase(db, sql, config.schema);
      const ms = Math.round(performance.now() - started);
      logger.info(
        { code: 'backup_restored', file: args[0], migrated, ms },
        `Restored ${args[0]} in ${ms} ms${migrated.length ? `, then applied migrations ${migrated.join(', ')}` : ''}.`,
      );
      return EXIT.ok;
    } finally {
      await db.close();
    }
  } catch (error) {
    return failed(logger, error, 'restore_failed');
  }
};
