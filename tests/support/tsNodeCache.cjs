// The tests' TypeScript child processes (`node -r ts-node/register …`: servers, lock owners, CLIs) with
// ts-node's output kept on disk: each child transpiled its ~70 files again, about 2 s of CPU of its
// 3 s start, and the unit lane starts dozens of them. Preloaded (tsNodeChild.ts puts it in
// NODE_OPTIONS), it hands ts-node's own `register` a service whose `compile` is cached by the file's
// name and contents, the compiler's and ts-node's versions, tsconfig.json and the options in effect.
// Plain CommonJS: it runs before ts-node.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const tsNode = require('ts-node');

const ROOT = path.resolve(__dirname, '../..');
const CACHE = path.join(ROOT, '.tmp/ts-node-cache');
const version = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
const inputs = `${version('typescript')}\0${version('ts-node')}\0${readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')}`;

/** `service` with its compile answered from the cache, and its misses written there (whole, then renamed). */
function cached(service) {
  const compile = service.compile.bind(service);
  // The compiler options in effect, also those set by TS_NODE_* variables.
  const options = `${inputs}\0${JSON.stringify(service.config.options)}\0${service.options.transpileOnly}`;
  service.compile = (code, fileName, lineOffset) => {
    const key = createHash('sha256').update(options).update('\0').update(fileName).update(`\0${lineOffset}\0`).update(code).digest('hex');
    const file = path.join(CACHE, `${key}.js`);
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // Not transpiled yet (or by another version): ts-node does it, once.
    }
    const output = compile(code, fileName, lineOffset);
    mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, output);
    renameSync(partial, file);
    return output;
  };
  return service;
}

const register = tsNode.register;
tsNode.register = (options) => register(options && typeof options.compile === 'function' ? options : cached(tsNode.create(options ?? {})));
