// The one-tag recipe preloads every module of the host kit its own code imports: on a page without a
// bundler each import is otherwise a round trip after the module that names it (four deep on a
// phone's 80 ms network before the element could start). A kit module added or renamed without the
// recipe following fails here, not as a slower page nobody measured.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const KIT = path.join(ROOT, 'packages/host-kit/src');
const RECIPES = ['index.html', 'wallets.html'].map((page) => path.join(ROOT, 'tests/e2e/hosts/element', page));

/** The kit's modules `entry` imports, directly or not (relative `.js` specifiers, as the kit writes them), entry included. */
function moduleGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(path.join(KIT, entry.replace(/\.js$/, '.ts')), 'utf8');
  for (const [, specifier] of source.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+\.js)'/g))
    moduleGraph(path.posix.join(path.posix.dirname(entry), specifier), seen);
  return seen;
}

describe('the element recipe', () => {
  it.each(RECIPES)('preloads every module of the host kit its code imports, and no other: %s', (recipe) => {
    const preloaded = [...readFileSync(recipe, 'utf8').matchAll(/<link rel="modulepreload" href="\.\/vendor\/host-kit\/([^"]+)"/g)].map(
      ([, file]) => file,
    );
    expect(preloaded.sort()).toEqual([...moduleGraph('element.js')].sort());
  });
});
