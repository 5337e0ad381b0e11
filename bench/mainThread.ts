// Where a visit's main-thread time goes, from a Chromium trace (measure.ts TRACE_CATEGORIES): the V8
// sampling profiler's stacks, each sample put in one bucket by the original source of its innermost
// script frame (source maps say which package or file a minified function came from), and per file
// the compile and top-level evaluation the timeline records. Pure: the caller passes the events and
// a function that maps a generated position to its original source.

import { BROWSER_WORK, browserSpans, browserWorkAt, type BrowserWork } from './browserWork';

export { BROWSER_WORK, type BrowserWork };

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  // The trace format's payloads differ per event.
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

export interface CallFrame {
  functionName: string;
  url?: string;
  /** 0-based, as V8 reports them. */
  lineNumber?: number;
  columnNumber?: number;
}

/** Where a generated position came from (a source map's `sources` entry), or undefined. */
export type SourceOf = (url: string, line: number, column: number) => string | undefined;

/** The buckets, in the order the report lists them. */
export const CATEGORIES = [
  'federation: share negotiation',
  'federation: runtime (start, manifest, loading)',
  'webpack module runtime',
  'React: render and commit',
  'checkout button code',
  'host page code',
  'Stripe.js and its wrapper',
  'other script',
  'browser: parse, style, layout, paint',
  'garbage collection',
] as const;
export type Category = (typeof CATEGORIES)[number];

const SHARE =
  /@module-federation\/(runtime-core\/dist\/(shared\/|utils\/share|utils\/semver\/)|webpack-bundler-runtime\/dist\/(consumes|initializeSharing|installInitialConsumes|attachShareScopeMap|getSharedFallbackGetter|updateOptions))|webpack\/sharing\//;
const FEDERATION = /@module-federation\/|\/\.federation\/|webpack\/container\//;
const REACT = /node_modules\/(react|react-dom|scheduler)\//;
// The remote's own sources, whichever build bundled them: `webpack://checkout/./src/` in the remote,
// `webpack://<host>/../src/` in the bench's direct page (whose context is host-example/).
const BUTTON = /^webpack:\/\/checkout\/(\.\/)?src\/|^webpack:\/\/[^/]+\/\.\.\/src\//;
const STRIPE = /@stripe\/stripe-js|^https:\/\/js\.stripe\.com\//;

/** The bucket of one sample, from its innermost frame that has a script URL (its original source if known). */
export function categoryOf(stack: readonly CallFrame[], sourceOf: SourceOf): Category {
  const leaf = stack[stack.length - 1];
  if (!leaf || leaf.functionName === '(program)' || leaf.functionName === '(root)') return 'browser: parse, style, layout, paint';
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  for (let i = stack.length - 1; i >= 0; i--) {
    const frame = stack[i];
    if (!frame.url) continue;
    const source = sourceOf(frame.url, frame.lineNumber ?? 0, frame.columnNumber ?? 0) ?? frame.url;
    if (SHARE.test(source)) return 'federation: share negotiation';
    if (FEDERATION.test(source)) return 'federation: runtime (start, manifest, loading)';
    if (REACT.test(source)) return 'React: render and commit';
    if (BUTTON.test(source)) return 'checkout button code';
    if (STRIPE.test(source) || STRIPE.test(frame.url)) return 'Stripe.js and its wrapper';
    if (/^webpack:\/\/[^/]+\/webpack\//.test(source)) return 'webpack module runtime';
    if (/^webpack:\/\//.test(source)) return 'host page code';
    return 'other script';
  }
  // Native code with no script above it (a microtask checkpoint, an observer): the browser's.
  return 'browser: parse, style, layout, paint';
}

export interface Sample {
  /** ms after navigation, and how long the sample stands for. */
  atMs: number;
  ms: number;
  stack: CallFrame[];
}

export interface MainThread {
  pid: number;
  tid: number;
  /** The trace clock (µs) at the page's time origin. */
  originUs: number;
}

/** The page's main thread: the one that recorded `mark` (a performance.mark at `markMs` after navigation). */
export function mainThreadOf(events: readonly TraceEvent[], mark: string, markMs: number): MainThread {
  const event = events.find((e) => e.name === mark);
  if (!event) throw new Error(`The trace has no "${mark}" mark: was blink.user_timing recorded?`);
  return { pid: event.pid, tid: event.tid, originUs: event.ts - markMs * 1000 };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** The main thread's CPU samples (ProfileChunk events), each with its stack, root first. */
export function samplesOf(events: readonly TraceEvent[], thread: MainThread): Sample[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid);
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const times: number[] = [];
  const leaves: number[] = [];
  let clock = Number(profile.args?.data?.startTime ?? profile.ts);
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.pid !== profile.pid || chunk.id !== profile.id) continue;
    const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    samples.forEach((leaf, i) => {
      clock += data?.timeDeltas?.[i] ?? 0;
      times.push(clock);
      leaves.push(leaf);
    });
  }
  const stackOf = (leaf: number): CallFrame[] => {
    const stack: CallFrame[] = [];
    for (let node = nodes.get(leaf); node; node = node.parent === undefined ? undefined : nodes.get(node.parent))
      stack.unshift(node.callFrame);
    return stack;
  };
  return leaves.map((leaf, i) => ({
    atMs: (times[i] - thread.originUs) / 1000,
    // A sample stands for the time until the next one (the last: until its thread's last sample interval).
    ms: ((times[i + 1] ?? times[i] + (times[i] - (times[i - 1] ?? times[i]))) - times[i]) / 1000,
    stack: stackOf(leaf),
  }));
}

export interface FileCost {
  url: string;
  /** Main-thread compile (v8.compile), top-level evaluation (EvaluateScript, compile included), and
   *  script self time of the file's functions in the samples. */
  compileMs: number;
  evaluateMs: number;
  selfMs: number;
  /** Whether V8 parsed and compiled it off the main thread while it downloaded (its v8.compile says). */
  streamed?: boolean;
}

export interface Breakdown {
  fromMs: number;
  toMs: number;
  /** Busy main-thread time in the window, per bucket (idle left out). */
  byCategory: Record<Category, number>;
  /** The `browser` bucket, split by what the browser was doing. */
  byBrowserWork: Record<BrowserWork, number>;
  busyMs: number;
  /** Per script file, over the same window. */
  byFile: FileCost[];
}

const overlap = (start: number, ms: number, from: number, to: number) => Math.max(0, Math.min(start + ms, to) - Math.max(start, from));

/** Main-thread time between `fromMs` and `toMs` (after navigation), per bucket and per script file. */
export function breakDown(events: readonly TraceEvent[], thread: MainThread, fromMs: number, toMs: number, sourceOf: SourceOf): Breakdown {
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const byBrowserWork = Object.fromEntries(BROWSER_WORK.map((w) => [w, 0])) as Record<BrowserWork, number>;
  const spans = browserSpans(events, thread);
  const files = new Map<string, FileCost>();
  const file = (url: string) => files.get(url) ?? files.set(url, { url, compileMs: 0, evaluateMs: 0, selfMs: 0 }).get(url)!;
  let busyMs = 0;
  for (const sample of samplesOf(events, thread)) {
    const ms = overlap(sample.atMs, sample.ms, fromMs, toMs);
    const leaf = sample.stack[sample.stack.length - 1];
    if (!ms || !leaf || leaf.functionName === '(idle)') continue;
    const category = categoryOf(sample.stack, sourceOf);
    byCategory[category] += ms;
    if (category === 'browser: parse, style, layout, paint') byBrowserWork[browserWorkAt(spans, sample.atMs)] += ms;
    busyMs += ms;
    const scripted = [...sample.stack].reverse().find((frame) => frame.url);
    if (scripted?.url) file(scripted.url).selfMs += ms;
  }
  for (const e of events) {
    if (e.pid !== thread.pid || e.tid !== thread.tid || e.ph !== 'X' || !e.dur) continue;
    const url = e.args?.data?.url;
    if (typeof url !== 'string' || !url) continue;
    const ms = overlap((e.ts - thread.originUs) / 1000, e.dur / 1000, fromMs, toMs);
    if (!ms) continue;
    if (e.name === 'v8.compile' || e.name === 'v8.compileModule') {
      file(url).compileMs += ms;
      if (typeof e.args?.data?.streamed === 'boolean') file(url).streamed = e.args.data.streamed;
    }
    if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') file(url).evaluateMs += ms;
  }
  const byFile = [...files.values()].sort((a, b) => b.selfMs + b.evaluateMs - (a.selfMs + a.evaluateMs));
  return { fromMs, toMs, byCategory, byBrowserWork, busyMs, byFile };
}
