// Subresource integrity on the chunks a runtime loads by script tag (webpack's `__webpack_require__.l`,
// and its preload/prefetch links): each carries the sha256 of the chunk's final bytes and
// `crossorigin="anonymous"`, so a chunk whose bytes differ is refused by the browser and never runs.
// sha256 rather than the inventory's sha384: the map sits in remoteEntry.js, before the button, and
// a sha384 costs 16 more bytes of incompressible base64 per chunk (measured: 220 B gzip in all).
//
// webpack-subresource-integrity 5.1.0 was tried first: on the federated build it stops with "Asset
// remoteEntry.js contains unresolved integrity placeholders" (webpack#14310, its #176). This plugin
// writes into each runtime a map of same-length placeholders, and replaces them once the chunks'
// bytes are final (after minification, compile hints, source map comments and real content hashes).
// The runtimes themselves (remoteEntry.js, checkout-button.js) are pinned by the host, and listed
// in the release inventory, with their integrity computed after this replacement.
import type { Chunk, Compilation, Compiler } from 'webpack';
import { sri } from '../release/releaseInventory';

const PLUGIN = 'ChunkIntegrity';
/** webpack's runtime object, as its runtime code names it (`__webpack_require__`). */
const RUNTIME = '__webpack_require__';
const ALGORITHM = 'sha256';
/** The length of `sha256-<base64>`; each placeholder has it, so no offset moves. */
const INTEGRITY_LENGTH = sri('', ALGORITHM).length;

const PREFIX = `${ALGORITHM}-`;
/** A digest's place in the map (the prefix is written once): as long as the digest, so no offset moves. */
const placeholder = (index: number) => `@chunk-integrity-${index}@`.padEnd(INTEGRITY_LENGTH - PREFIX.length, '@');

/** The async chunks a runtime chunk may load, each with its placeholder. */
type Pending = Map<Chunk, Map<Chunk, string>>;

/**
 * Sets the attributes on `element` (the runtime's variable name) from the chunk's entry in the map.
 * A chunk the map does not know gets `sha256-undefined`, a digest no file has: Chromium refuses it
 * (tried), so it does not run.
 */
function setIntegrity(element: string, chunk: Chunk, pending: Pending, compilation: Compilation): string {
  let placeholders = pending.get(chunk);
  if (!placeholders) {
    // Only chunks with a script: a chunk of shared-module declarations alone has no file.
    const { chunkHasJs } = compilation.compiler.webpack.javascript.JavascriptModulesPlugin;
    const scripts = [...chunk.getAllAsyncChunks()].filter((child) => chunkHasJs(child, compilation.chunkGraph));
    placeholders = new Map(scripts.map((child, i) => [child, placeholder(i)]));
    pending.set(chunk, placeholders);
  }
  const map: Record<string, string> = Object.fromEntries([...placeholders].map(([child, text]) => [String(child.id), text]));
  // `concat`, not `+`: the minifier would fold a `+` into each of the map's strings. The map is kept on
  // the runtime (`__webpack_require__.sri`): src/core/chunkRefusal.ts hashes a failed chunk against it.
  return `${element}.crossOrigin = "anonymous";\n${element}.integrity = "${PREFIX}".concat((${RUNTIME}.sri = ${JSON.stringify(map)})[chunkId]);`;
}

function scriptFile(compilation: Compilation, chunk: Chunk): string | undefined {
  return [...chunk.files].find((file) => file.endsWith('.js') && compilation.getAsset(file));
}

export class ChunkIntegrityPlugin {
  apply(compiler: Compiler): void {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      const pending: Pending = new Map();
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(PLUGIN, (source, chunk) =>
        [source, setIntegrity('script', chunk, pending, compilation)].join('\n'),
      );
      const links = webpack.web.JsonpChunkLoadingRuntimeModule.getCompilationHooks(compilation);
      for (const hook of [links.linkPreload, links.linkPrefetch]) {
        hook.tap(PLUGIN, (source, chunk) => [source, setIntegrity('link', chunk, pending, compilation)].join('\n'));
      }
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        for (const [runtime, placeholders] of pending) {
          const file = scriptFile(compilation, runtime);
          if (!file) continue;
          compilation.updateAsset(file, (source) => {
            const text = source.source().toString();
            const replaced = new webpack.sources.ReplaceSource(source);
            for (const [child, mark] of placeholders) {
              const childFile = scriptFile(compilation, child);
              const at = text.indexOf(mark);
              if (!childFile || at < 0) throw new Error(`${PLUGIN}: no chunk file or no placeholder for chunk ${child.id} in ${file}.`);
              replaced.replace(
                at,
                at + mark.length - 1,
                sri(compilation.getAsset(childFile)!.source.buffer(), ALGORITHM).slice(PREFIX.length),
              );
            }
            return replaced;
          });
        }
      });
    });
  }
}
