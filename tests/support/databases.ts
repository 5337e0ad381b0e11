// The order store's tests run against both drivers: PGlite in memory always, and a real Postgres
// when Debian's server is installed. Without it the Postgres half is skipped, loudly; under CI=true
// (where .ci/run installs it) its absence fails instead.
import { postgresBin, startPostgres, type TestPostgres } from '../../stand-ins/postgres';

export interface TestDatabases {
  /** Environment for `openDatabase`: a database of its own on each call. */
  fresh(): Promise<Record<string, string> & { DATABASE_URL: string }>;
}

// These tests are about the order rules, not the bounds (stalledDatabase.test.ts has those): on a
// runner busy with browsers, eight new connections at once can take past production's 1 s to open,
// and the deliveries waiting on them would end in 500s the test never meant to provoke.
const PATIENT = { DATABASE_CONNECT_TIMEOUT_MS: '30000', DATABASE_QUERY_TIMEOUT_MS: '30000' };

let made = 0;

/** `describe` once per driver; `body` gets the driver's name and a way to make fresh databases. */
export function describeEachDatabase(title: string, body: (driver: 'pglite' | 'postgres', databases: TestDatabases) => void): void {
  describe(`${title} (PGlite)`, () => body('pglite', { fresh: async () => ({ DATABASE_URL: 'memory://' }) }));
  if (!postgresBin()) {
    if (process.env.CI === 'true') {
      describe(`${title} (Postgres)`, () =>
        it('needs Postgres, which CI installs (apt-get install -y postgresql)', () => expect(postgresBin()).not.toBeNull()));
    } else {
      console.warn(`SKIPPED: "${title}" against Postgres: not installed (apt-get install -y postgresql runs it).`);
      describe.skip(`${title} (Postgres: not installed)`, () => body('postgres', { fresh: async () => ({ DATABASE_URL: '' }) }));
    }
    return;
  }
  describe(`${title} (Postgres)`, () => {
    let server: TestPostgres;
    beforeAll(async () => {
      server = await startPostgres();
    }, 60_000);
    afterAll(() => server?.stop());
    body('postgres', { fresh: async () => ({ DATABASE_URL: await server.database(`t${process.pid}_${++made}`), ...PATIENT }) });
  });
}
