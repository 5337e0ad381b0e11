// Which original source a generated script position came from, read from the builds' source maps
// (the remote's `.map` files, the bench pages' hidden ones), for mainThread.ts's buckets.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, traceSegment } from '@jridgewell/trace-mapping';
import type { SourceOf } from './mainThread';

/** `roots`: where each served origin's files are on disk (`http://localhost:3091` → dist/). */
export function sourceMaps(roots: Record<string, string>): SourceOf {
  const maps = new Map<string, TraceMap | undefined>();
  const mapFor = (url: string): TraceMap | undefined => {
    if (maps.has(url)) return maps.get(url);
    let map: TraceMap | undefined;
    try {
      const { origin, pathname } = new URL(url);
      const file = roots[origin] && path.join(roots[origin], `${decodeURIComponent(pathname)}.map`);
      if (file && existsSync(file)) map = new TraceMap(readFileSync(file, 'utf8'));
    } catch {
      map = undefined; // not a URL of ours: the bucket falls back to the URL
    }
    maps.set(url, map);
    return map;
  };
  return (url, line, column) => {
    const map = mapFor(url);
    if (!map) return undefined;
    const segment = traceSegment(map, line, column);
    // The source as the build wrote it (`webpack://shop/../src/…`): resolving it would fold `../src`
    // (the remote's sources in the direct page) into the host's `./src`. A position the build did
    // not map is webpack's own glue around the modules.
    return segment && segment.length > 1 ? (map.sources[segment[1]!] ?? undefined) : 'webpack://unmapped/webpack/glue';
  };
}
