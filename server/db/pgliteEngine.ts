// PGlite's folder holds Postgres's on-disk format, which changes with every Postgres major: PGlite
// 0.6.x (Postgres 19) cannot open a folder written by 0.5.x (Postgres 18) and fails with "PGlite failed
// to initialize properly". So the folder's PG_VERSION is read before opening, and a folder of another
// major is refused with the procedure that moves its orders across (docs/server/database.md).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The PGlite this release runs, and the Postgres major it writes (a test holds the two together). */
export const PGLITE_VERSION = '0.6.1';
export const PG_MAJOR = '19';
/** Which PGlite line wrote which Postgres major, for the message. */
const PGLITE_OF_MAJOR: Record<string, string> = { '17': '0.2.x to 0.4.x', '18': '0.5.x', '19': '0.6.x' };

export class EngineMismatchError extends Error {
  readonly code = 'database_engine_mismatch';
  constructor(dataDir: string, found: string) {
    const older = Number(found) < Number(PG_MAJOR);
    const writer = PGLITE_OF_MAJOR[found] ? `PGlite ${PGLITE_OF_MAJOR[found]}` : 'another PGlite';
    super(
      `The orders folder ${dataDir} was written by Postgres ${found} (${writer}); this release runs PGlite ${PGLITE_VERSION} (Postgres ${PG_MAJOR}), which cannot open it. Nothing was changed. ` +
        (older
          ? `To move its orders across: (1) npm install --no-save pglite-old@npm:@electric-sql/pglite@${found === '18' ? '0.5.16' : '<the version that wrote it>'}; ` +
            `(2) checkout-server backup --engine pglite-old --out orders.sql; (3) mv ${dataDir} ${dataDir}.pg${found}; ` +
            `(4) checkout-server restore orders.sql; (5) start the server. Or restore into Postgres (DATABASE_URL=postgres://…). See docs/server/database.md.`
          : `It was written by a newer release: run that release, or restore the backup taken before the upgrade. See docs/server/database.md.`),
    );
  }
}

/** The Postgres major of the cluster in `dataDir`, or undefined when the folder holds none yet. */
export function folderMajor(dataDir: string): string | undefined {
  const file = path.join(dataDir, 'PG_VERSION');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** Throws EngineMismatchError when `dataDir` holds a cluster this PGlite cannot open. */
export function checkFolderEngine(dataDir: string): void {
  const found = folderMajor(dataDir);
  if (found !== undefined && found !== PG_MAJOR) throw new EngineMismatchError(dataDir, found);
}
