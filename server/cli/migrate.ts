// `checkout-server migrate`: brings the database's schema up to date and exits, for deployments that
// migrate as a step of their own, as a role with DDL rights, and start the servers with
// DATABASE_MIGRATE=off (a role that only reads and writes rows). Refuses a schema newer than this release.
import { commandDatabaseFromEnv, connectDatabase } from '../db/open';
import { LATEST_VERSION, migrate as migrateSchema } from '../db/migrations';
import { EXIT, type Command } from './command';
import { failed } from './failure';

export const migrate: Command = async (_args, env, logger) => {
  let config;
  try {
    config = commandDatabaseFromEnv(env);
  } catch (error) {
    logger.error({ code: 'config_invalid', err: error }, (error as Error).message);
    return EXIT.usage;
  }
  try {
    const db = await connectDatabase(config, { wait: { purpose: 'checkout-server migrate' } });
    try {
      const applied = await migrateSchema(db, undefined, config.schema);
      logger.info(
        { code: 'schema_migrated', applied, version: LATEST_VERSION },
        applied.length
          ? `Applied migrations ${applied.join(', ')}; the schema is at version ${LATEST_VERSION}.`
          : `The schema was already at version ${LATEST_VERSION}.`,
      );
      return EXIT.ok;
    } finally {
      await db.close();
    }
  } catch (error) {
    return failed(logger, error, 'migrate_failed');
  }
};
