// Opens the orders' database the configuration names (databaseConfig.ts) and brings its schema up to
// date, or, with DATABASE_MIGRATE=off, only checks that it is (migrations.ts). Either way a schema
// newer than this release is refused before anything is written.
import { databaseFromEnv, isPostgres, type DatabaseConfig } from './databaseConfig';
import { checkSchema, migrate } from './migrations';
import { openPglite, type PgliteOptions } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './sql';
import { whenReachable } from './whenReachable';

export {
  commandDatabaseFromEnv,
  databaseFromEnv,
  dataDirOf,
  DEFAULT_DATA_DIR,
  DEFAULT_FOLDER_WAIT_MS,
  describeDatabase,
  embeddedDirOf,
  type DatabaseConfig,
} from './databaseConfig';

/** The database's connection only, its schema neither checked nor changed (backup, restore, migrate). */
export async function connectDatabase(config: DatabaseConfig, pglite: PgliteOptions = {}): Promise<Database> {
  return config.url && isPostgres(config.url)
    ? openPostgres(config.url, 10, config.postgres, config.schema)
    : openPglite(config.url ?? config.dataDir, { ...pglite, schema: config.schema });
}

/** `pglite`: what the embedded database does if another process takes its folder over (folderLock.ts). */
export async function openDatabase(env: NodeJS.ProcessEnv | DatabaseConfig = process.env, pglite: PgliteOptions = {}): Promise<Database> {
  const config =
    'postgres' in env && typeof env.postgres === 'object' ? (env as DatabaseConfig) : databaseFromEnv(env as NodeJS.ProcessEnv);
  const db = await connectDatabase(config, pglite);
  const prepare = async () => {
    if (config.migrateOnStart === false) await checkSchema(db);
    else await migrate(db, undefined, config.schema);
  };
  try {
    if (db.kind === 'postgres') await whenReachable(prepare, config.startupWaitMs);
    else await prepare();
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
