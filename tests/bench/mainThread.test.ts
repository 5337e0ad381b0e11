/**
 * @jest-environment node
 */
import { lastByteMs, nearestMedian } from '../../bench/breakdown';
import { breakDown, categoryOf, mainThreadOf, samplesOf, type CallFrame, type SourceOf, type TraceEvent } from '../../bench/mainThread';
import { breakdownLines } from '../../bench/mainThreadReport';

const REMOTE = 'http://localhost:3091/remoteEntry.js';
const HOST = 'http://localhost:4000/main.js';
// What the source maps would say: the remote's entry holds the federation runtime at columns below
// 1000 (share negotiation below 500), the host's main.js holds React below 1000 and the page above.
const sourceOf: SourceOf = (url, _line, column) => {
  if (url === REMOTE)
    return column < 500
      ? 'webpack://checkout/./node_modules/@module-federation/runtime-core/dist/shared/index.js'
      : 'webpack://checkout/./node_modules/@module-federation/runtime-core/dist/core.js';
  if (url === HOST)
    return column < 1000
      ? 'webpack://shop/./node_modules/react-dom/cjs/react-dom-client.production.js'
      : 'webpack://shop/./src/bootstrap.tsx';
  return undefined;
};
const js = (url: string, columnNumber: number, functionName = 'f'): CallFrame => ({ functionName, url, lineNumber: 0, columnNumber });
const native = (functionName: string): CallFrame => ({ functionName });

describe('categoryOf: which bucket a CPU sample goes to', () => {
  it("names a sample by its innermost script frame's original source", () => {
    expect(categoryOf([native('(root)'), js(HOST, 1200), js(REMOTE, 100)], sourceOf)).toBe('federation: share negotiation');
    expect(categoryOf([native('(root)'), js(HOST, 1200), js(REMOTE, 800)], sourceOf)).toBe(
      'federation: runtime (start, manifest, loading)',
    );
    expect(categoryOf([native('(root)'), js(HOST, 10)], sourceOf)).toBe('React: render and commit');
    expect(categoryOf([native('(root)'), js(HOST, 1200)], sourceOf)).toBe('host page code');
  });

  it('gives a native leaf (querySelector) to the script that called it', () => {
    expect(categoryOf([native('(root)'), js(HOST, 10), native('querySelector')], sourceOf)).toBe('React: render and commit');
  });

  it("puts the button's own sources in its bucket, from the remote or bundled into the direct page", () => {
    const button =
      (source: string): SourceOf =>
      () =>
        source;
    expect(categoryOf([js(REMOTE, 0)], button('webpack://checkout/./src/ui/CheckoutButton.tsx'))).toBe('checkout button code');
    expect(categoryOf([js(HOST, 0)], button('webpack://shop/../src/ui/CheckoutButton.tsx'))).toBe('checkout button code');
    expect(categoryOf([js(HOST, 0)], button('webpack://shop/./src/CheckoutSlot.tsx'))).toBe('host page code');
    expect(categoryOf([js(HOST, 0)], button('webpack://shop/webpack/bootstrap'))).toBe('webpack module runtime');
  });

  it("knows the browser's own work, garbage collection and Stripe.js without any source map", () => {
    expect(categoryOf([native('(root)'), native('(program)')], sourceOf)).toBe('browser: parse, style, layout, paint');
    expect(categoryOf([native('(root)'), native('(garbage collector)')], sourceOf)).toBe('garbage collection');
    expect(categoryOf([js('https://js.stripe.com/endive/stripe.js', 0)], sourceOf)).toBe('Stripe.js and its wrapper');
    expect(categoryOf([js('http://elsewhere.test/x.js', 0)], sourceOf)).toBe('other script');
  });
});

// A trace as Chromium writes it: the mark on the renderer's main thread (pid 7, tid 7), the profile
// header there, its chunks from the sampler's thread (tid 9), and a worker's profile that must be ignored.
const ORIGIN_US = 1_000_000;
const at = (ms: number) => ORIGIN_US + ms * 1000;
function trace(): TraceEvent[] {
  const nodes = [
    { id: 1, callFrame: native('(root)') },
    { id: 2, parent: 1, callFrame: native('(idle)') },
    { id: 3, parent: 1, callFrame: js(HOST, 1200, 'start') },
    { id: 4, parent: 3, callFrame: js(REMOTE, 100, 'loadShare') },
    { id: 5, parent: 3, callFrame: js(HOST, 10, 'render') },
    { id: 6, parent: 1, callFrame: native('(program)') },
  ];
  return [
    { name: 'bench:usable', ph: 'R', ts: at(100), pid: 7, tid: 7 },
    { name: 'Profile', ph: 'P', ts: at(0), pid: 7, tid: 7, id: '0x1', args: { data: { startTime: at(0) } } },
    { name: 'Profile', ph: 'P', ts: at(0), pid: 7, tid: 30, id: '0x2', args: { data: { startTime: at(0) } } },
    // Samples every 10 ms from 10 ms: idle, start, loadShare ×2 | render ×3, program ×2, idle.
    {
      name: 'ProfileChunk',
      ph: 'P',
      ts: at(40),
      pid: 7,
      tid: 9,
      id: '0x1',
      args: { data: { cpuProfile: { nodes: nodes.slice(0, 4), samples: [2, 3, 4, 4] }, timeDeltas: [10_000, 10_000, 10_000, 10_000] } },
    },
    {
      name: 'ProfileChunk',
      ph: 'P',
      ts: at(90),
      pid: 7,
      tid: 9,
      id: '0x1',
      args: {
        data: {
          cpuProfile: { nodes: nodes.slice(4), samples: [5, 5, 5, 6, 6, 2] },
          timeDeltas: [10_000, 10_000, 10_000, 10_000, 10_000, 10_000],
        },
      },
    },
    {
      name: 'ProfileChunk',
      ph: 'P',
      ts: at(90),
      pid: 7,
      tid: 31,
      id: '0x2',
      args: { data: { cpuProfile: { nodes, samples: [4, 4, 4] }, timeDeltas: [10_000, 10_000, 10_000] } },
    },
    { name: 'EvaluateScript', ph: 'X', ts: at(15), dur: 30_000, pid: 7, tid: 7, args: { data: { url: REMOTE } } },
    { name: 'v8.compile', ph: 'X', ts: at(15), dur: 2_000, pid: 7, tid: 7, args: { data: { url: REMOTE, streamed: true } } },
    // The two (program) samples (80, 90): one in a layout, one in a script with no URL (a driver's Runtime.evaluate).
    { name: 'Layout', ph: 'X', ts: at(78), dur: 10_000, pid: 7, tid: 7 },
    { name: 'EvaluateScript', ph: 'X', ts: at(88), dur: 12_000, pid: 7, tid: 7, args: { data: {} } },
    { name: 'V8.CompileCode', ph: 'X', ts: at(89), dur: 5_000, pid: 7, tid: 7 },
    { name: 'Layout', ph: 'X', ts: at(85), dur: 10_000, pid: 7, tid: 31 },
    { name: 'EvaluateScript', ph: 'X', ts: at(15), dur: 30_000, pid: 7, tid: 31, args: { data: { url: REMOTE } } },
  ];
}

describe("the main thread's samples and their breakdown", () => {
  const thread = mainThreadOf(trace(), 'bench:usable', 100);

  it("finds the page's thread and clock from the usable mark", () => {
    expect(thread).toEqual({ pid: 7, tid: 7, originUs: ORIGIN_US });
    expect(() => mainThreadOf([], 'bench:usable', 0)).toThrow(/no "bench:usable" mark/);
  });

  it("reads the main thread's samples across chunks, in page time, with their stacks, root first", () => {
    const samples = samplesOf(trace(), thread);
    expect(samples.map((s) => s.atMs)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(samples.every((s) => s.ms === 10)).toBe(true);
    expect(samples[2].stack.map((f) => f.functionName)).toEqual(['(root)', 'start', 'loadShare']);
  });

  it('sums busy time per bucket and per file over a window, idle and other threads left out', () => {
    const b = breakDown(trace(), thread, 0, 100, sourceOf);
    expect(b.byCategory['federation: share negotiation']).toBe(20);
    expect(b.byCategory['host page code']).toBe(10);
    expect(b.byCategory['React: render and commit']).toBe(30);
    expect(b.byCategory['browser: parse, style, layout, paint']).toBe(20);
    expect(b.busyMs).toBe(80);
    // Sorted by self time plus top-level run: the remote's 20 + 30 before the host's 40.
    expect(b.byFile).toEqual([
      { url: REMOTE, compileMs: 2, evaluateMs: 30, selfMs: 20, streamed: true },
      { url: HOST, compileMs: 0, evaluateMs: 0, selfMs: 40 },
    ]);
  });

  it("splits the browser's own time by the trace event each sample fell in, a script with no URL whole", () => {
    const b = breakDown(trace(), thread, 0, 100, sourceOf);
    expect(Object.entries(b.byBrowserWork).filter(([, ms]) => ms > 0)).toEqual([
      ['script without a URL (a driver’s, an extension’s)', 10],
      ['layout', 10],
    ]);
  });

  it('cuts samples and timeline events at the window’s edges', () => {
    const b = breakDown(trace(), thread, 35, 65, sourceOf);
    expect(b.byCategory['federation: share negotiation']).toBe(15); // 35–40 and 40–50
    expect(b.byCategory['React: render and commit']).toBe(15); // 50–60 and 60–65
    expect(b.byFile.find((f) => f.url === REMOTE)?.evaluateMs).toBe(10); // EvaluateScript 15–45
  });

  it('prints one row per bucket with the difference to the first variant', () => {
    const b = breakDown(trace(), thread, 0, 100, sourceOf);
    const none = breakDown([], thread, 0, 100, sourceOf);
    const variant = (x: typeof b) => ({ visit: { marks: {}, requests: [] }, lastByteMs: 0, afterLastByte: x, toUsable: x });
    const lines = breakdownLines({ direct: variant(none), federated: variant(b) });
    expect(lines.find((l) => l.includes('share negotiation'))).toMatch(/ 0 +20 +\+20$/);
    expect(lines.find((l) => l.includes('busy'))).toMatch(/ 0 +80 +\+80$/);
  });
});

describe('which visit and which window the breakdown takes', () => {
  const request = (url: string, startMs: number, endMs: number) => ({ url, startMs, endMs, wireBytes: 1 });

  it('the last byte is the end of the last response asked for before the button showed, Stripe.js aside', () => {
    const visit = {
      marks: { dom: 500 },
      requests: [
        request(HOST, 10, 300),
        request(REMOTE, 50, 420),
        request('https://js.stripe.com/endive/stripe.js', 60, 700),
        request('http://localhost:3091/late.js', 600, 650),
      ],
    };
    expect(lastByteMs(visit)).toBe(420);
  });

  it('the traced visit nearest the median "usable"', () => {
    const visits = [500, 900, 610, 580, 2000].map((usable) => ({ marks: { usable } }));
    expect(nearestMedian(visits).marks.usable).toBe(610);
  });
});
