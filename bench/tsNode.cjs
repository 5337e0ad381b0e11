// The bench runs TypeScript under ts-node as CommonJS. The host kit's sources import each other as
// `./name.js` (they are ES modules for browsers and Node alike); ts-node's own resolver maps such an
// import to its `.ts` file. That resolver builds an `fs.Stats` object, which Node deprecates
// (DEP0180): the bench's script silences that one warning (package.json).
require('ts-node').register({ experimentalResolver: true });
