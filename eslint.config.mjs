// One lint configuration for the whole tree (flat config). TypeScript files get typescript-eslint's
// type-aware rules, through the project service and tsconfig.json: a floating or misused promise, an
// unused import or variable, a hook called conditionally or missing a dependency fails `npm run lint`,
// which allows no warning. JavaScript files (the host matrix's fixtures, two CommonJS helpers) get the
// rules that need no types.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CHECKOUT_ERROR = { from: 'file', name: 'CheckoutError', path: 'src/core/types.ts' };

export default defineConfig([
  {
    // Generated output, installs and caches: nothing of ours to lint.
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.tmp/',
      'coverage/',
      'bench/dist/',
      'bench/report.html',
      '**/@mf-types/',
      '.data/',
      '.mf/',
      // A host's code compiled against the packed tarballs by its own test, outside tsconfig.json.
      'tests/packages/consumer/',
      // The host fixtures' own build outputs (React Router's build/, Next's .next/, Angular's and SvelteKit's caches).
      'tests/e2e/hosts/*/build/',
      'tests/e2e/hosts/*/.next/',
      'tests/e2e/hosts/*/.angular/',
      'tests/e2e/hosts/*/.svelte-kit/',
      'tests/e2e/hosts/*/.astro/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A CheckoutError (src/types.ts) is the contract's error value: a plain object with its code and
      // message, thrown and rejected as it is, never wrapped in an Error.
      '@typescript-eslint/only-throw-error': ['error', { allow: [CHECKOUT_ERROR] }],
      // Passing on a caught value is not making up a non-Error. ABORTED (src/checkout/session.ts) is the
      // sentinel a session request rejects with when its caller went away: nothing reports it.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allow: [CHECKOUT_ERROR, { from: 'file', name: 'ABORTED', path: 'src/checkout/session.ts' }], allowThrowingUnknown: true },
      ],
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `async` without `await` is a contract (returns a promise, a throw becomes a rejection), not a slip.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read untyped values (JSON from a page or a server, jest's mocks) and assert on them: the
    // assertion is the check, so the `any` rules and jest's `expect(obj.method)` idiom are let through.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // jest.isolateModules gives a fresh copy of a module only through require().
      '@typescript-eslint/no-require-imports': 'off',
      // Tests throw and reject with non-Errors on purpose, to prove the code under test handles them.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    // Required when the hook first runs, not when the module loads (the comment there says why).
    files: ['src/exposes/stripeScript.ts'],
    rules: { '@typescript-eslint/no-require-imports': ['error', { allow: ['^\\.\\./ui/useStripeScript$'] }] },
  },
  {
    // The kit's sources typed through tsconfig.json, which names @checkout/remote-types by its sources:
    // the kit's own tsconfig.json (its build) reads that package's dist/, which a fresh clone has only
    // once the package is built (by the e2e set-up's pack, beside lint in `npm test`).
    files: ['packages/host-kit/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Files tsconfig.json leaves out (fixtures compiled by their own tools): the rules that need no types.
    files: [
      'tests/e2e/hosts/angular/**/*.ts',
      'tests/e2e/hosts/sveltekit/**/*.ts',
      'tests/e2e/hosts/astro/**/*.ts',
      'tests/e2e/hosts/hono/**/*.ts',
      'tests/e2e/fixtures/types-host/**/*.{ts,tsx}',
      'tests/e2e/fixtures/runtime-types-host/src/**/*.ts',
    ],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{js,jsx,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser }, // JSX in .js files (the Next.js and React Router fixtures)
  },
  {
    // The host matrix's pages and their build configs.
    files: ['tests/e2e/hosts/**/*.{js,jsx,mjs,cjs}'],
    languageOptions: {
      // webpack's runtime globals, which webpack's dynamic-container recipe calls (webpack-runtime/), and the
      // publisher key the verified runtime hosts' build configs define (next, react-router, vue).
      globals: {
        ...globals.browser,
        ...globals.node,
        __webpack_init_sharing__: 'readonly',
        __webpack_share_scopes__: 'readonly',
        __CHECKOUT_PUBLISHER_KEY__: 'readonly',
      },
    },
  },
  {
    // Our own JavaScript runs in Node, as CommonJS (a worker, jest's transformer and reporter).
    files: ['**/*.{cjs,js}'],
    ignores: ['tests/e2e/hosts/**'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // Node scripts of our own as ES modules (the test lanes' runner).
    files: ['tests/support/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx,js,jsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
]);
