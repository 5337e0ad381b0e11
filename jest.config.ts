import type { Config } from 'jest';

// Type-checking is its own step (`npm run typecheck`): ts-jest only transpiles, which keeps jest fast.
const tsJest = [
  'ts-jest',
  {
    tsconfig: { isolatedModules: true, jsx: 'react-jsx', module: 'CommonJS', moduleResolution: 'node10', ignoreDeprecations: '6.0', esModuleInterop: true },
  },
] as [string, Record<string, unknown>];

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
      moduleNameMapper: { '^@stripe/stripe-js/pure$': '<rootDir>/tests/support/pureStripeMock.ts' },
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
      transform: { '^.+\\.tsx?$': tsJest },
      testTimeout: 60_000,
    },
  ],
};

export default config;
