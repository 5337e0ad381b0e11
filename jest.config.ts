import type { Config } from 'jest';

// Type-checking is its own step (`npm run typecheck`): ts-jest only transpiles, which keeps jest fast.
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      isolatedModules: true,
      jsx: 'react-jsx',
      module: 'CommonJS',
      moduleResolution: 'node10',
      ignoreDeprecations: '6.0',
      esModuleInterop: true,
    },
  },
] as [string, Record<string, unknown>];

// The host kit by its package name, from its sources; its files import each other with `.js` (as Node's ESM wants).
const hostKit = {
  '^@checkout/host-kit$': '<rootDir>/packages/host-kit/src/index.ts',
  '^@checkout/host-kit/(.*)$': '<rootDir>/packages/host-kit/src/$1',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

// @remix-run/node-fetch-server (the Node adapter's) ships ES modules only; Node requires them, jest's
// CommonJS runtime does not (before Node 24.9): compiled to CommonJS for the tests.
const esmOnly = [
  'ts-jest',
  { tsconfig: { isolatedModules: true, allowJs: true, module: 'CommonJS', moduleResolution: 'node10', ignoreDeprecations: '6.0' } },
] as [string, Record<string, unknown>];
const ESM_ONLY = '@remix-run/node-fetch-server/dist/.+\\.js$';

// PGlite (the embedded order store) is CommonJS that imports Node's built-ins dynamically.
const pgliteTransform = {
  '^.+\\.tsx?$': tsJest,
  '(@electric-sql/pglite|pglite-0-5)/dist/.+\\.cjs$': '<rootDir>/tests/support/requireForImport.cjs',
  [ESM_ONLY]: esmOnly,
};
const PGLITE_TRANSFORMED = ['/node_modules/(?!@electric-sql/pglite/|pglite-0-5/|@remix-run/node-fetch-server/)'];

const config: Config = {
  // jest's default 5 s per test is a speed limit a busy runner breaks (a test waits for its events;
  // a bound is only for failing: a new PGlite alone took over 30 s beside a CPU hog). Global: a
  // project's own `testTimeout` does not reach its tests.
  testTimeout: 120_000,
  reporters: ['default', '<rootDir>/tests/support/summaryReporter.cjs'],
  // The unit files known to be slow first, also on a clean clone (see the file). Global: jest has no project's own.
  testSequencer: '<rootDir>/tests/support/slowFirstSequencer.cjs',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/tests'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/tests/e2e/', '/dist/'],
      setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'],
      // The embedded database's prepared cluster, made once before any test opens one.
      globalSetup: '<rootDir>/tests/support/preparedClusterSetup.ts',
      // See the file: the real module caches the first window.Stripe across tests.
      moduleNameMapper: {
        ...hostKit,
        '^@stripe/stripe-js/pure$': '<rootDir>/tests/support/pureStripeMock.ts',
        // The server half by its package's names, as the recipes import it (packages/server).
        '^@checkout/server$': '<rootDir>/server/index.ts',
        '^@checkout/server/(node|express|fastify)$': '<rootDir>/server/adapters/$1.ts',
      },
      transform: pgliteTransform,
      transformIgnorePatterns: PGLITE_TRANSFORMED,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/e2e'],
      testMatch: ['**/*.e2e.ts'],
      globalSetup: '<rootDir>/tests/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/e2e/support/globalTeardown.ts',
      moduleNameMapper: hostKit,
      // The browser suites that pay through the server half open PGlite in-process too.
      transform: pgliteTransform,
      transformIgnorePatterns: PGLITE_TRANSFORMED,
      testTimeout: 60_000,
    },
  ],
};

export default config;
