// `checkout-server backup [--out <file>] [--engine <package>]`: the orders' database as one plain SQL
// script (server/db/dump.ts) that `restore` loads into PGlite or Postgres. On Postgres it reads one
// snapshot while servers run; the embedded database is one process's, so its server is stopped first
// (the command waits for the folder, bounded). `--engine` opens the folder with another PGlite build,
// installed beside (`npm install --no-save pglite-old@npm:@electric-sql/pglite@0.5.16`): how the orders
// of a folder an older release wrote move to this one.
import { writeFileSync, renameSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { dumpDatabase } from '../db/dump';
import { commandDatabaseFromEnv, connectDatabase } from '../db/open';
import { openPglite } from '../db/pglite';
import { EXIT, type Command } from './command';
import { failed } from './failure';

/** `--name value` pairs; undefined when a flag lacks its value or is unknown. */
export function flags(args: string[], known: string[]): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    if (!known.includes(args[i]) || args[i + 1] === undefined) return undefined;
    found[args[i].slice(2)] = args[i + 1];
  }
  return found;
}

export const backup: Command = async (args, env, logger) => {
  const given = flags(args, ['--out', '--engine']);
  if (!given) {
    logger.error({ code: 'usage' }, 'checkout-server backup [--out <file>] [--engine <package>]');
    return EXIT.usage;
  }
  const out = given.out ?? `checkout-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.sql`;
  try {
    const config = commandDatabaseFromEnv(env);
    const wait = { purpose: 'checkout-server backup' };
    const engine = given.engine ? ((await import(given.engine)) as { PGlite: typeof PGlite }).PGlite : undefined;
    const db = engine ? await openPglite(config.dataDir, { engine, wait }) : await connectDatabase(config, { wait });
    try {
      const started = performance.now();
      const dump = await dumpDatabase(db);
      writeFileSync(`${out}.partial`, dump.sql);
      renameSync(`${out}.partial`, out);
      const ms = Math.round(performance.now() - started);
      logger.info(
        { code: 'backup_written', file: out, version: dump.version, rows: dump.rows, bytes: Buffer.byteLength(dump.sql), ms },
        `Backed up schema version ${dump.version} (${Object.values(dump.rows).reduce((a, b) => a + b, 0)} rows) to ${out} in ${ms} ms.`,
      );
      return EXIT.ok;
    } finally {
      await db.close();
    }
  } catch (error) {
    return failed(logger, error, 'backup_failed');
  }
};
