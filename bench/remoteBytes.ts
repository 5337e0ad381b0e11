// What a page downloaded from the remote before its button was in the DOM, file by file (gzip -9,
// the figure the targets are written in, and what crossed the wire), and in how many sequential waves.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Visit } from './measure';

const DIST = path.resolve(__dirname, '..', 'dist');

export interface RemoteFile {
  file: string;
  /** What crossed the wire (Chromium asks localhost for brotli). */
  wireBytes: number;
  /** The same file's gzip -9 copy from the build: the figure the targets are written in. */
  gzipBytes: number;
  startMs: number;
}

function gzipSize(file: string, dist: string): number {
  const compressed = path.join(dist, `${file}.gz`);
  return existsSync(compressed) ? statSync(compressed).size : gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

export type RemotePath = { files: RemoteFile[]; bytes: number; wireBytes: number; roundTrips: number };

/** What a page downloaded from the remote before the button was in the DOM, and in how many sequential waves. */
export function remotePath(v: Pick<Visit, 'marks' | 'requests'>, remoteUrl: string, dist = DIST): RemotePath {
  const before = v.requests.filter((r) => r.url.startsWith(remoteUrl) && r.startMs < (v.marks.dom ?? Infinity));
  let roundTrips = 0;
  let waveEnd = -Infinity;
  for (const r of before) {
    if (r.startMs >= waveEnd) roundTrips++;
    waveEnd = Math.max(waveEnd, r.endMs);
  }
  const files = before.map((r) => {
    const file = new URL(r.url).pathname.slice(1);
    return { file, wireBytes: r.wireBytes, gzipBytes: gzipSize(file, dist), startMs: r.startMs };
  });
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    wireBytes: files.reduce((sum, f) => sum + f.wireBytes, 0),
    roundTrips,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The console's lines for one page's remote path, under `title`. */
export function remotePathLines(title: string, p: RemotePath): string[] {
  return [
    title,
    ...p.files.map((f) => `  ${f.file.padEnd(50)}${pad(f.gzipBytes, 7)}${pad(f.wireBytes, 7)}  starts at ${f.startMs.toFixed(0)} ms`),
    `  ${'total'.padEnd(50)}${pad(p.bytes, 7)}${pad(p.wireBytes, 7)}  in ${p.roundTrips} sequential round trip(s)`,
  ];
}
