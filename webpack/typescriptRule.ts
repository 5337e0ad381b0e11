import path from 'node:path';
import type { RuleSetRule } from 'webpack';

/**
 * How every build here compiles TypeScript: ts-loader with the repository's tsconfig, transpile
 * only. Type checking is its own step (`npm run typecheck`), once, for the whole repository.
 */
export const typescriptRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'ts-loader',
  options: {
    transpileOnly: true,
    configFile: path.resolve(__dirname, '../tsconfig.json'),
    compilerOptions: { noEmit: false },
  },
};
