// Wallets mode's row (src/ui/WalletRow.tsx) in a file named `wallets.<hash>.js`: the name the host kit
// preloads it by when its page started a wallet session (packages/host-kit/src/walletRowEarly.ts).
// Not a `webpackChunkName`: that would merge the button's row chunk with the `mount` expose's, which
// runs another React (webpack/standaloneReact.ts).
import path from 'node:path';
import type { Compiler, Module } from 'webpack';

const PLUGIN = 'WalletRowChunk';
const ROW = path.resolve(__dirname, '../src/ui/WalletRow.tsx');
/** The row chunk's file, as the other chunks' (`[name].[contenthash:10].js`) but by this name. */
export const WALLET_ROW_FILE = 'wallets.[contenthash:10].js';

const isRow = (module: Module) => module.nameForCondition() === ROW;

export class WalletRowChunkPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.afterOptimizeChunks.tap(PLUGIN, (chunks) => {
        for (const chunk of chunks) {
          // An async chunk only: the one the row's `import()` asks for.
          if (!chunk.canBeInitial() && [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some(isRow)) {
            chunk.filenameTemplate = WALLET_ROW_FILE;
          }
        }
      });
    });
  }
}
