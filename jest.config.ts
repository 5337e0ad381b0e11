import type { Config } from 'jest';

// Type-checking is its own step (`npm run typecheck`): ts-jest only transpiles, which keeps jest fast.
const tsJest = [
  'ts-jest',
  {
    tsconfig: { isolatedModules: true, jsx: 'react-jsx', module: 'CommonJS', moduleResolution: 'node10', ignoreDeprecations: '6.0', esModuleInterop: true },
  },
] as [string, Record<string, unknown>];

// The host kit by its package name, from its sources; its files import each other with `.js` (as Node's ESM wants).
const hostKit = {
  '^@checkout/host-kit$': '<rootDir>/packages/host-kit/src/index.ts',
  '^@checkout/host-kit/(.*)$': '<rootDir>/packages/host-kit/src/$1',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const config: Config = {
  reporters: ['default', '<rootDir>/tests/support/summaryReporter.cjs'],
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/tests'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/tests/e2e/', '/dist/'],
      setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'],
      // See the file: the real module caches the first window.Stripe across tests.
      moduleNameMapper: { ...hostKit, '^@stripe/stripe-js/pure$': '<rootDir>/tests/support/pureStripeMock.ts' },
      // PGlite (the embedded order store) is CommonJS that imports Node's built-ins dynamically.
      transform: { '^.+\\.tsx?$': tsJest, '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/tests/support/requireForImport.cjs' },
      transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/e2e'],
      testMatch: ['**/*.e2e.ts'],
      globalSetup: '<rootDir>/tests/e2e/support/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/e2e/support/globalTeardown.ts',
      moduleNameMapper: hostKit,
      transform: { '^.+\\.tsx?$': tsJest },
      testTimeout: 60_000,
    },
  ],
};

export default config;
