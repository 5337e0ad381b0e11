// Code blocks of a Markdown document that claim to be excerpts of a file in the repository, and the
// check that each one still is: its lines appear in that file in order, contiguously between
// explicit elisions. Only leading whitespace is normalised, so a recipe cannot drift from the code
// the suite builds and runs without this check saying where.

/** Put on the line before a code block: the file it is an excerpt of, relative to the repository. */
export const EXCERPT_MARKER = /^<!-- excerpt: (\S+) -->$/;
/** Put on the line before a code block that is not code a host runs (an install command, say). */
export const NOT_AN_EXCERPT_MARKER = /^<!-- not an excerpt: .+ -->$/;
/** A line of its own in a block: some lines of the file are left out here. */
const ELISION = /^(\/\/|#|<!--)? ?…( -->)?$/;

export interface CodeBlock {
  /** 1-based line of the opening fence in the document. */
  line: number;
  /** The marker's file, null when the block is marked as not an excerpt or not marked at all. */
  source: string | null;
  marked: boolean;
  lines: string[];
}

const normalise = (line: string) => line.trimStart();

/** Every fenced code block of a Markdown document. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```/.test(lines[i])) continue;
    const close = lines.findIndex((line, j) => j > i && line.trim() === '```');
    if (close < 0) throw new Error(`line ${i + 1}: a code block that never closes`);
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = before >= 0 ? normalise(lines[before]) : '';
    const source = EXCERPT_MARKER.exec(marker)?.[1] ?? null;
    blocks.push({ line: i + 1, source, marked: source !== null || NOT_AN_EXCERPT_MARKER.test(marker), lines: lines.slice(i + 1, close) });
    i = close;
  }
  return blocks;
}

/**
 * Where `excerpt` departs from `file`, or null when every run of lines between elisions appears
 * in the file, contiguously and in order. A first line `// <source>` (or `<!-- <source> -->`, `# <source>`)
 * only names the file for the reader and is not looked for.
 */
export function excerptMismatch(excerpt: string[], file: string, source: string): string | null {
  const fileLines = file.split('\n').map(normalise);
  let lines = excerpt.map(normalise);
  if ([`// ${source}`, `<!-- ${source} -->`, `# ${source}`].includes(lines[0])) lines = lines.slice(1);
  const runs: string[][] = [[]];
  for (const line of lines) {
    if (ELISION.test(line)) runs.push([]);
    else runs[runs.length - 1].push(line);
  }
  let cursor = 0;
  for (const run of runs.filter((r) => r.length > 0)) {
    const at = findRun(fileLines, run, cursor);
    if (at >= 0) {
      cursor = at + run.length;
      continue;
    }
    // Name the first line of the run that the file does not have where the run's longest match stops.
    let best = { length: 0 };
    for (let i = cursor; i < fileLines.length; i++) {
      let length = 0;
      while (length < run.length && fileLines[i + length] === run[length]) length++;
      if (length > best.length) best = { length };
    }
    return `${source} has no "${run[best.length]}"${best.length ? ` after "${run[best.length - 1]}"` : ''} (searched from its line ${cursor + 1})`;
  }
  return null;
}

function findRun(fileLines: string[], run: string[], from: number): number {
  for (let i = from; i + run.length <= fileLines.length; i++) {
    if (run.every((line, k) => fileLines[i + k] === line)) return i;
  }
  return -1;
}
