// Builds the offline demo's service worker as part of the page's own build (a child compilation,
// as service-worker plugins do), so that one configuration yields the whole host example: the dev
// server serves it, `output.clean` keeps it, and tools that build "the config of host-example/dist"
// get it too. It is emitted at the output's root (a worker controls only its own path and below).
import webpack, { type Compiler } from 'webpack';

export interface DemoServiceWorkerOptions {
  /** The worker's source, relative to the compiler's context. */
  entry: string;
  /** Where it is served from, at the output root. */
  filename: string;
}

const NAME = 'DemoServiceWorkerPlugin';

export class DemoServiceWorkerPlugin {
  constructor(private readonly options: DemoServiceWorkerOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.make.tapPromise(NAME, (compilation) => {
      const child = compilation.createChildCompiler(NAME, { filename: this.options.filename, publicPath: '/' }, [
        new webpack.EntryPlugin(compiler.context, this.options.entry, { name: 'demo-sw' }),
        // One file, nothing loaded at runtime.
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      ]);
      return new Promise<void>((resolve, reject) => {
        child.runAsChild((error, _entries, childCompilation) => {
          if (error) return reject(error);
          if (childCompilation?.errors.length) compilation.errors.push(...childCompilation.errors);
          resolve();
        });
      });
    });
  }
}
