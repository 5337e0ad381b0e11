// V8's explicit compile hint: a script starting with `//# allFunctionsCalledOnLoad` has all its
// functions compiled while it streams in, off the main thread, instead of each one lazily on the main
// thread when first called (Chromium 136+; other engines read a comment). The remote gives it only to
// what a React host runs as the button starts: the entry and the chunks of `./CheckoutButton`, not
// `./mount`'s React; the host example to its own entry (measured: see docs/performance.md).
import webpack, { type Compiler } from 'webpack';

const HINT = '//# allFunctionsCalledOnLoad\n';
const PLUGIN = 'CompileHints';

export class CompileHintsPlugin {
  constructor(private readonly options: { entry: string; chunkGroups: string[] }) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // After minification (which drops comments), before source maps are written (which then count the line).
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        const groups = this.options.chunkGroups.map((name) => compilation.namedChunkGroups.get(name));
        const chunks = [compilation.namedChunks.get(this.options.entry), ...groups.flatMap((group) => group?.chunks ?? [])];
        for (const file of new Set(chunks.flatMap((chunk) => (chunk ? [...chunk.files] : [])))) {
          if (!file.endsWith('.js')) continue;
          compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(HINT, source));
        }
      });
    });
  }
}
