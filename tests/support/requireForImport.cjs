// Jest runs CommonJS in a VM context where `import("fs")` needs --experimental-vm-modules. PGlite's
// CommonJS build loads Node's built-ins that way; this turns each such import into a require, which
// is what Node itself does for a built-in. (Through a name of our own: PGlite declares a local
// `var require` in the functions that do it.)
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const self = readFileSync(__filename);

module.exports = {
  getCacheKey: (source, file) => createHash('sha256').update(self).update(file).update(source).digest('hex'),
  process(source) {
    const imports = source.replace(
      /\bimport\((["'][\w:/]+["'])\)/g,
      (_, name) => `Promise.resolve().then(() => { const m = __requireBuiltIn(${name}); return { ...m, default: m }; })`,
    );
    return { code: `const __requireBuiltIn = require;${imports}` };
  },
};
