// Compressed copies (.br, .gz) next to each text file of the build, for static servers that send
// them as they are (nginx gzip_static / brotli_static, `npm run serve`): the best compression, once,
// at build time instead of on every request.
import { constants, type BrotliOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';

// Source maps are left out: only devtools fetch them, and brotli at its best quality is slow on them.
const TEXT_FILES = /\.(js|json|html|txt|ts)$/;

/** Fresh plugin instances per build. */
export const precompress = () => [
  new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: TEXT_FILES, compressionOptions: { level: 9 } }),
  new CompressionPlugin<BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: TEXT_FILES,
    compressionOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } },
  }),
];
