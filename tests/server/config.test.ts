/** @jest-environment node */
// The server's environment is read once, at start-up, and every bad value is reported then, all at once.
import { ConfigError, readServerConfig } from '../../server/config';
import { DEFAULT_FOLDER_WAIT_MS } from '../../server/db/open';
import { DEFAULT_LIMITS } from '../../server/limits/rateLimit';

const RETURN_PAGE = 'https://shop.example/checkout/return';

it('the defaults, from an empty environment', () => {
  const config = readServerConfig({}, RETURN_PAGE);
  expect(config.limits).toEqual(DEFAULT_LIMITS);
  expect(config.database).toMatchObject({
    url: undefined,
    postgres: { connectMs: 1_000, queryMs: 2_000 },
    recordTimeoutMs: 1_000,
    folderWaitMs: DEFAULT_FOLDER_WAIT_MS,
    startupWaitMs: 30_000,
  });
  expect(config.formOrigins).toEqual(['https://shop.example']);
  expect(config.reconcileEveryMs).toBe(3_600_000);
  expect(config.listen).toEqual({ port: 0, host: '127.0.0.1', trustProxy: false });
  expect(readServerConfig({ TRUST_PROXY: '2', PORT: '8080' }, RETURN_PAGE).listen).toEqual({
    port: 8080,
    host: '127.0.0.1',
    trustProxy: 2,
  });
});

it('every bad value is named in one error, whichever part reads it', () => {
  const env = {
    PORT: 'http',
    TRUST_PROXY: 'true',
    DATABASE_URL: 'mysql://db/orders',
    DATABASE_QUERY_TIMEOUT_MS: 'soon',
    ORDER_LEASE_MS: '-1',
    SESSION_RATE_LIMIT: '10',
    STATUS_RATE_LIMIT: 'many/1',
    RECONCILE_INTERVAL_MS: 'hourly',
    WAREHOUSE_URL: 'ftp://warehouse',
  };
  let error: unknown;
  try {
    readServerConfig(env, RETURN_PAGE);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const { problems, message } = error as ConfigError;
  expect(problems).toEqual([
    'PORT must be a port number (0 to 65535), not http.',
    'TRUST_PROXY=true would trust every X-Forwarded-For entry, which a client writes itself: give the number of proxies (1) or their addresses.',
    'DATABASE_URL must be postgres://…, pglite:<folder> or memory://, not mysql:….',
    'DATABASE_QUERY_TIMEOUT_MS must be a number of milliseconds, not soon.',
    'ORDER_LEASE_MS must be a number of milliseconds, not -1.',
    'SESSION_RATE_LIMIT must be burst/perMinute (e.g. 10/10) or off, not 10.',
    'STATUS_RATE_LIMIT must be burst/perMinute (e.g. 10/10) or off, not many/1.',
    'RECONCILE_INTERVAL_MS must be a number of milliseconds, or off, not hourly.',
    'WAREHOUSE_URL must be an http(s) URL, not ftp://warehouse.',
  ]);
  expect(message).toMatch(/^The server's environment has 9 bad values:/);
});

it('a database bound past the longest timer is clamped to it: still a bound', () => {
  expect(readServerConfig({ DATABASE_RECORD_TIMEOUT_MS: String(2 ** 40) }, RETURN_PAGE).database.recordTimeoutMs).toBe(2 ** 31 - 1);
});
