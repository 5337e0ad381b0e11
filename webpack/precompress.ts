// Compressed copies (.br, .gz) next to each text file of the build, for static servers that send
// them as they are (nginx gzip_static / brotli_static, `npm run serve`): the best compression, once,
// at build time instead of on every request.
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';

// Source maps are left out: only devtools fetch them, and brotli at its best quality is slow on them.
const TEXT_FILES = /\.(js|json|html|txt|ts)$/;
const GZIP: ZlibOptions = { level: 9 };
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };

/** Fresh plugin instances per build. */
export const precompress = () => [
  new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: TEXT_FILES, compressionOptions: GZIP }),
  new CompressionPlugin<BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: TEXT_FILES,
    compressionOptions: BROTLI,
  }),
];

/** A file written after the build's assets (the release inventory): with its compressed copies, as the plugins write them. */
export function writeWithCompressedCopies(file: string, bytes: Buffer): void {
  writeFileSync(file, bytes);
  writeFileSync(`${file}.gz`, gzipSync(bytes, GZIP));
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, BROTLI));
}
