// The browser's own main-thread time (the sampler's "(program)": no script frame) split by the trace
// event each sample fell in: compiling on the main thread, HTML parsing, style, layout, paint, or a
// script evaluated without a URL (a test driver's Runtime.evaluate, an extension's), which the sampler
// shows mostly as "(program)" while it compiles. Pure.
import type { MainThread, TraceEvent } from './mainThread';

/** The browser's own bucket, split by the trace event its samples fell in (the innermost). */
export const BROWSER_WORK = [
  'script compile on the main thread',
  'script without a URL (a driver’s, an extension’s)',
  'HTML parse',
  'style',
  'layout',
  'paint and composite',
  'other browser work',
] as const;
export type BrowserWork = (typeof BROWSER_WORK)[number];

const BROWSER_EVENTS: Record<string, BrowserWork> = {
  'v8.compile': 'script compile on the main thread',
  'v8.compileModule': 'script compile on the main thread',
  'V8.CompileCode': 'script compile on the main thread',
  'V8.ParseProgram': 'script compile on the main thread',
  'V8.ParseFunction': 'script compile on the main thread',
  'V8.PreParse': 'script compile on the main thread',
  ParseHTML: 'HTML parse',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint and composite',
  Paint: 'paint and composite',
  Layerize: 'paint and composite',
  Commit: 'paint and composite',
};
const NO_URL: BrowserWork = 'script without a URL (a driver’s, an extension’s)';

interface Span {
  startMs: number;
  endMs: number;
  work: BrowserWork;
}

/** The main thread's spans of browser work, in page time; a script with no URL (Runtime.evaluate) is one span, whatever it contains. */
export function browserSpans(events: readonly TraceEvent[], thread: MainThread): Span[] {
  const spans: Span[] = [];
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X' || !e.dur) continue;
    const work = e.name === 'EvaluateScript' && !e.args?.data?.url ? NO_URL : BROWSER_EVENTS[e.name];
    if (work) spans.push({ startMs: (e.ts - thread.originUs) / 1000, endMs: (e.ts + e.dur - thread.originUs) / 1000, work });
  }
  return spans.sort((a, b) => a.startMs - b.startMs);
}

/** What the browser was doing at `atMs`: inside a script with no URL, that; else the innermost span. */
export function browserWorkAt(spans: readonly Span[], atMs: number): BrowserWork {
  let innermost: Span | undefined;
  for (const span of spans) {
    if (span.startMs > atMs) break;
    if (span.endMs <= atMs) continue;
    if (span.work === NO_URL) return NO_URL;
    innermost = span; // a later start within the same time is nested deeper
  }
  return innermost?.work ?? 'other browser work';
}
