/** @jest-environment node */
// The docs/ pages hold their code blocks to the files they quote, as the README's recipes are held
// (tests/readmeRecipes.test.ts): each block names its file, or says why it is not an excerpt.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codeBlocksOfSection, excerptMismatch } from './support/excerpts';

const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const pages = existsSync(DOCS) ? readdirSync(DOCS).filter((name) => name.endsWith('.md')) : [];

describe.each(pages)('docs/%s', (page) => {
  const text = readFileSync(path.join(DOCS, page), 'utf8');
  const blocks = codeBlocksOfSection(text, text.split('\n')[0]);

  it('every code block names its source file, or says why it is not an excerpt', () => {
    expect(blocks.filter((b) => !b.marked).map((b) => `docs/${page}:${b.line}`)).toEqual([]);
  });

  it.each(blocks.filter((b) => b.source).map((b) => ({ ...b, where: `docs/${page}:${b.line}` })))('$where is still in $source', ({ source, lines }) => {
    expect(existsSync(path.join(ROOT, source!))).toBe(true);
    expect(excerptMismatch(lines, readFileSync(path.join(ROOT, source!), 'utf8'), source!)).toBeNull();
  });
});

it('docs/server.md is there, with its excerpts', () => {
  expect(pages).toContain('server.md');
});
