// Writes the release inventory (release/releaseInventory.ts) and its signature (release/signing.ts) into dist/, beside
// mf-manifest.json. Both builds of dist/ (the federated remote and `checkout-button.js`) report the
// files a page may run, read back from disk after emit (the bytes a server sends); whichever build
// finishes last writes the inventory, so the two may build in parallel.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Chunk, ChunkGroup, Compilation, Compiler, WebpackPluginInstance } from 'webpack';
import type { RemoteRelease } from '../src/core/types';
import { manifestScripts, type FederationManifest } from './manifestAssets';
import {
  INVENTORY_FILE,
  SIGNATURE_FILE,
  inventoryBytes,
  inventoryFile,
  releaseInventory,
  type InventoryFile,
  type ReleaseTerms,
} from './releaseInventory';
import { releaseTerms, signBytes, type SigningKey } from './signing';
import { writeWithCompressedCopies } from '../webpack/precompress';

export interface InventoryPart {
  /** The entry's file a page runs, and why. Its chunks and every chunk it may fetch are listed too. */
  entry: { file: string; why: string };
  /** Other files a page reads to run (mf-manifest.json), and why. */
  extra?: Record<string, string>;
  /** A federation manifest among them: every script it names is listed too (a host's preload may fetch it). */
  manifest?: string;
}

const EXPOSE = '__federation_expose_';

/** The chunk groups an entry can reach: another entry's (the standalone page's) are not the release's business. */
function reachableGroups(entry: ChunkGroup): Set<ChunkGroup> {
  const seen = new Set<ChunkGroup>([entry]);
  for (const group of seen) for (const child of group.getChildren()) seen.add(child);
  return seen;
}

/** One line on why a page runs a chunk: the exposed modules it belongs to, or the imports that fetch it. */
function whyChunk(chunk: Chunk, groups: Set<ChunkGroup>, context: string): string {
  const exposes: string[] = [];
  const imports = new Set<string>();
  for (const group of chunk.groupsIterable as Iterable<ChunkGroup>) {
    if (!groups.has(group)) continue;
    if (group.name?.startsWith(EXPOSE)) exposes.push(`./${group.name.slice(EXPOSE.length)}`);
    else if (group.origins.length === 0 || group.isInitial()) imports.add('part of the entry');
    for (const origin of group.isInitial() ? [] : group.origins) {
      const from = origin.module?.nameForCondition();
      if (!group.name?.startsWith(EXPOSE))
        imports.add(`fetched by import('${origin.request}') in ${from ? path.relative(context, from) : 'the runtime'}`);
    }
  }
  const reasons = [...imports].sort();
  if (exposes.length)
    reasons.unshift(`part of ${exposes.sort().join(' and ')}, run when a host loads ${exposes.length > 1 ? 'them' : 'it'}`);
  return reasons.join('; ');
}

function partFiles(compilation: Compilation, part: InventoryPart, out: string): Array<{ file: string; why: string }> {
  // Found by its file: a copy of the remote built under another container name keeps remoteEntry.js.
  const entrypoint = [...compilation.entrypoints.values()].find((e) => e.getEntrypointChunk().files.has(part.entry.file));
  if (!entrypoint) throw new Error(`The release inventory: no entry writes ${part.entry.file}.`);
  const groups = reachableGroups(entrypoint);
  const chunks = new Set<Chunk>([...groups].flatMap((group) => group.chunks));
  const listed = new Map<string, string>(Object.entries(part.extra ?? {}));
  for (const chunk of chunks) {
    const why = chunk === entrypoint.getEntrypointChunk() ? part.entry.why : whyChunk(chunk, groups, compilation.compiler.context);
    for (const file of chunk.files) if (file.endsWith('.js')) listed.set(file, why);
  }
  if (part.manifest) {
    const manifest = JSON.parse(readFileSync(path.join(out, part.manifest), 'utf8')) as FederationManifest;
    for (const [file, namedAs] of manifestScripts(manifest)) {
      if (!listed.has(file))
        listed.set(file, `named by ${part.manifest} among the assets of the ${namedAs}: a host's preload may fetch it`);
    }
  }
  return [...listed].map(([file, why]) => ({ file, why }));
}

/** One per release: `plugin(part)` for each build writing to the same directory. */
export class ReleaseInventoryWriter {
  private readonly parts = new Map<string, InventoryFile[]>();
  private expected = 0;

  /** What it signs besides the files, read before the build starts: a bad sequence or validity fails the build at once. */
  private readonly terms: ReleaseTerms;

  /** `signer`: release/signing.ts's `signingKey()`, asked for before the build starts (a production build without a key fails at once). */
  constructor(
    private readonly release: RemoteRelease,
    private readonly signer: SigningKey,
  ) {
    this.terms = releaseTerms(signer, release.builtAt);
  }

  plugin(part: InventoryPart): WebpackPluginInstance {
    this.expected += 1;
    const name = part.entry.file;
    return {
      apply: (compiler: Compiler) => {
        compiler.hooks.afterEmit.tap('ReleaseInventory', (compilation) => {
          if (compilation.errors.length) return;
          const out = compiler.outputPath;
          const files = partFiles(compilation, part, out).map(({ file, why }) =>
            inventoryFile(file, readFileSync(path.join(out, file)), why),
          );
          this.parts.set(name, files);
          if (this.parts.size === this.expected) this.write(out);
        });
      },
    };
  }

  private write(out: string): void {
    const bytes = inventoryBytes(releaseInventory(this.release, [...this.parts.values()].flat(), this.terms));
    writeWithCompressedCopies(path.join(out, INVENTORY_FILE), bytes);
    writeFileSync(path.join(out, SIGNATURE_FILE), signBytes(bytes, this.signer.key));
    if (this.signer.isTestKey) {
      process.stderr.write(
        `${SIGNATURE_FILE}: a DEVELOPMENT build, signed with the committed TEST KEY, which every reader refuses outside development.\n`,
      );
    }
    this.parts.clear();
  }
}
