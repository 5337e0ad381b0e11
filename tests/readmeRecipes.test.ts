/** @jest-environment node */
// The README and docs/ show code a host writes: every block is an excerpt of a file the suite builds and
// runs (the host matrix's fixtures in tests/e2e/hosts, the host example, the server half), named in a
// marker, or says why it is not one. Here each excerpt must still be in its file. And no file cites a
// ticket instead of saying what it means.
import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { codeBlocks, excerptMismatch, type CodeBlock } from './support/excerpts';

const ROOT = path.resolve(__dirname, '..');
const read = (source: string) => readFileSync(path.join(ROOT, source), 'utf8');
// docs/ and its folders (docs/hosts/: a page per kind of host).
const markdownUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownUnder(`${dir}/${entry.name}`) : entry.name.endsWith('.md') ? [`${dir}/${entry.name}`] : [],
  );
const DOCS = ['README.md', ...markdownUnder('docs')];
const blocks = DOCS.flatMap((doc) => codeBlocks(read(doc)).map((block) => ({ ...block, where: `${doc}:${block.line}` })));
const excerpts = blocks.filter((b): b is CodeBlock & { source: string; where: string } => b.source !== null);

describe('README.md and docs/: the code shown is code the suite runs', () => {
  it('every code block names its source file, or says why it is not an excerpt', () => {
    expect(excerpts.length).toBeGreaterThan(20);
    expect(blocks.filter((b) => !b.marked).map((b) => b.where)).toEqual([]);
  });

  it.each(excerpts)('$where is still in $source', ({ source, lines }) => {
    expect(existsSync(path.join(ROOT, source))).toBe(true);
    expect(excerptMismatch(lines, read(source), source)).toBeNull();
  });

  it('process.env appears only in excerpts of build configs and server modules, which run in Node (a page never reads it)', () => {
    const inNode =
      /(webpack|rspack|vite|rsbuild|next)\.config\.m?[jt]s$|^server\/|^host-example\/demo\/|\/checkoutServer(\.server)?\.js$|\/instrumentation\.js$|^tests\/e2e\/hosts\/(astro\/src\/lib\/checkout\.ts|hono\/src\/(server|checkout)\.ts)$/;
    const inPage = excerpts.filter((b) => b.lines.some((l) => l.includes('process.env')) && !inNode.test(b.source));
    expect(inPage.map((b) => `${b.where} (${b.source})`)).toEqual([]);
  });

  it('every file a recipe imports by a relative path is shown in the docs too (the rest are published packages)', () => {
    const IMPORT = /(?:\bfrom\s+|\bimport\(\s*|require(?:\.resolve)?\(\s*|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
    const resolve = (source: string, spec: string): string | null => {
      const base = path.join(ROOT, path.dirname(source), spec);
      const found = ['', '.js', '.ts', '.tsx', '.jsx'].map((ext) => base + ext).find((file) => existsSync(file) && statSync(file).isFile());
      return found ? realpathSync(found) : null;
    };
    const shown = new Set(excerpts.map((b) => realpathSync(path.join(ROOT, b.source))));
    const unshown = excerpts.flatMap((b) =>
      [...b.lines.join('\n').matchAll(IMPORT)]
        .map((m) => m[1])
        // vendor/: a published package's files, served by the page as they are (the host kit's, the runtime's)
        .filter((spec) => !spec.includes('/vendor/') && !shown.has(resolve(b.source, spec) ?? ''))
        .map((spec) => `${b.where} (${b.source}) imports ${spec}`),
    );
    expect(unshown).toEqual([]);
  });

  it('every relative link points at a file that exists', () => {
    const broken = DOCS.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(((?!https?:|#)[^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1])
        .filter((target) => !existsSync(path.join(ROOT, path.dirname(doc), target)))
        .map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('the README stays a front door (300 lines at most; the reference lives in docs/)', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });
});

describe('the excerpt check', () => {
  const file = ['const a = 1;', 'function f() {', '  return a;', '}', 'const b = 2;'].join('\n');

  it('accepts lines in order, contiguous between elisions, with any indentation and a title line', () => {
    expect(excerptMismatch(['// x.js', 'function f() {', 'return a;', '// …', 'const b = 2;'], file, 'x.js')).toBeNull();
  });

  it('names the line where a recipe drifted from its source', () => {
    expect(excerptMismatch(['function f() {', '  return a + 1;'], file, 'x.js')).toBe(
      'x.js has no "return a + 1;" after "function f() {" (searched from its line 1)',
    );
  });

  it('rejects lines out of order and lines left out without an elision', () => {
    expect(excerptMismatch(['const b = 2;', '// …', 'const a = 1;'], file, 'x.js')).not.toBeNull();
    expect(excerptMismatch(['const a = 1;', 'return a;'], file, 'x.js')).not.toBeNull();
  });
});

describe('the repository speaks for itself', () => {
  // A ticket's name means nothing to the next reader: say what the code or the test proves instead.
  const TICKET = /\bF\d{1,2}\b|\b[Ii]ssue \d+|\b[Rr]ound \d+\b/;
  const SOURCES = /\.(ts|tsx|js|cjs|mjs|md|html|conf)$/;
  const filesUnder = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return ['node_modules', 'dist', '.tmp'].includes(entry.name) ? [] : filesUnder(file);
      return SOURCES.test(entry.name) ? [file] : [];
    });

  it('no README, comment or test name cites a ticket ("F12", "issue 4", "round 2")', () => {
    const dirs = ['src', 'tests', 'host-example', 'webpack', 'release', 'serve', 'bench', 'deploy', 'stand-ins', 'server', 'load'].filter(
      (d) => existsSync(path.join(ROOT, d)),
    );
    // This file names the patterns it looks for.
    const files = [...DOCS, ...dirs.flatMap(filesUnder)].filter((file) => file !== path.relative(ROOT, __filename));
    const cites = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (TICKET.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(cites).toEqual([]);
  });
});
