// mf-manifest.json without its indentation: the federation plugin writes it with two-space
// indentation, and a host reads it before the button (77 B gzip of whitespace). Same JSON, same
// object. Runs at the manifest's own stage, after it (the plugin's place in the list), before the
// compressed copies and the release inventory read the file.
import type { Compiler } from 'webpack';

const PLUGIN = 'CompactManifest';

export class CompactManifestPlugin {
  constructor(private readonly fileName: string) {}

  apply(compiler: Compiler): void {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, () => {
        const asset = compilation.getAsset(this.fileName);
        // Loud, not silent: a manifest written after this stage would ship indented.
        if (!asset) throw new Error(`${PLUGIN}: ${this.fileName} is not there yet; list this plugin after ModuleFederationPlugin.`);
        const json = JSON.stringify(JSON.parse(asset.source.source().toString()));
        compilation.updateAsset(this.fileName, new webpack.sources.RawSource(json));
      });
    });
  }
}
