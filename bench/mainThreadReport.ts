// The main-thread breakdown as the console table and the report.html block: per bucket, the time
// each variant's main thread spent between its last byte and its usable button (and from navigation
// to usable), the difference to the first variant (the baseline), and the cost of each script file.
import type { VariantBreakdown } from './breakdown';
import { BROWSER_WORK, CATEGORIES, type Breakdown, type Category } from './mainThread';

export const CATEGORY_COLORS: Record<Category, string> = {
  'federation: share negotiation': '#b91c1c',
  'federation: runtime (start, manifest, loading)': '#ef4444',
  'webpack module runtime': '#f59e0b',
  'React: render and commit': '#2563eb',
  'checkout button code': '#16a34a',
  'host page code': '#7c3aed',
  'Stripe.js and its wrapper': '#c2410c',
  'other script': '#64748b',
  'browser: parse, style, layout, paint': '#94a3b8',
  'garbage collection': '#1f2937',
};

const ms = (n: number) => n.toFixed(0);
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(0)}`;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const fileName = (url: string) => {
  const { host, pathname } = new URL(url);
  return url.startsWith('https://js.stripe.com/') ? `${host}${pathname}` : pathname.slice(1) || url;
};

/** The console's table: rows are buckets, columns each variant's ms after its last byte, then the difference to the first. */
export function breakdownLines(breakdowns: Record<string, VariantBreakdown>): string[] {
  const names = Object.keys(breakdowns);
  const [base, ...others] = names;
  const cell = (text: string, width = 11) => text.padStart(width);
  const row = (label: string, values: (b: Breakdown) => number) => {
    const own = names.map((n) => cell(ms(values(breakdowns[n].afterLastByte))));
    const diff = others.map((n) => cell(signed(values(breakdowns[n].afterLastByte) - values(breakdowns[base].afterLastByte)), 8));
    return `  ${label.padEnd(48)}${own.join('')}${diff.join('')}`;
  };
  return [
    `  ${'main thread, last byte → usable (ms)'.padEnd(48)}${names.map((n) => cell(n)).join('')}${others.map(() => cell('+ms', 8)).join('')}`,
    `  ${'window'.padEnd(48)}${names.map((n) => cell(`${ms(breakdowns[n].lastByteMs)}–${ms(breakdowns[n].afterLastByte.toMs)}`)).join('')}`,
    ...CATEGORIES.flatMap((c) => [
      row(c, (b) => b.byCategory[c]),
      ...(c === 'browser: parse, style, layout, paint' ? BROWSER_WORK.map((w) => row(`  of which ${w}`, (b) => b.byBrowserWork[w])) : []),
    ]),
    row('busy', (b) => b.busyMs),
  ];
}

function bar(b: Breakdown, scaleMs: number): string {
  const parts = CATEGORIES.filter((c) => b.byCategory[c] >= 0.5)
    .map(
      (c) =>
        `<span style="width:${((b.byCategory[c] / scaleMs) * 100).toFixed(2)}%;background:${CATEGORY_COLORS[c]}" title="${escape(c)} ${ms(b.byCategory[c])} ms"></span>`,
    )
    .join('');
  return `<div class="stack">${parts}</div>`;
}

function fileTable(name: string, v: VariantBreakdown): string {
  const rows = v.toUsable.byFile
    .filter((f) => f.selfMs + f.evaluateMs + f.compileMs >= 0.5)
    .map(
      (f) =>
        `<tr><td title="${escape(f.url)}">${escape(fileName(f.url))}</td><td>${ms(f.compileMs)}${f.streamed === undefined ? '' : f.streamed ? ' (streamed)' : ' (not streamed)'}</td><td>${ms(f.evaluateMs)}</td><td>${ms(f.selfMs)}</td></tr>`,
    )
    .join('');
  return `<table class="bd"><caption>${escape(name)}: script files, navigation → usable (ms)</caption><tr><th>file</th><th>compile on the main thread</th><th>top-level run</th><th>self time</th></tr>${rows}</table>`;
}

/** The report.html block for one profile. */
export function renderBreakdown(breakdowns: Record<string, VariantBreakdown>, tracedRounds: number): string {
  const names = Object.keys(breakdowns);
  const [base, ...others] = names;
  const scaleMs = Math.max(...names.map((n) => breakdowns[n].afterLastByte.toMs - breakdowns[n].afterLastByte.fromMs), 1);
  const bars = names
    .map((n) => {
      const b = breakdowns[n].afterLastByte;
      return `<div class="bdrow"><span class="name">${escape(n)}: ${ms(b.fromMs)}–${ms(b.toMs)} ms, busy ${ms(b.busyMs)}</span><span class="lane">${bar(b, scaleMs)}</span></div>`;
    })
    .join('');
  const head = `<tr><th>main thread (ms)</th>${names.map((n) => `<th>${escape(n)}<br>last byte → usable</th>`).join('')}${others.map((n) => `<th>${escape(n)} − ${escape(base)}</th>`).join('')}${names.map((n) => `<th>${escape(n)}<br>navigation → usable</th>`).join('')}</tr>`;
  const row = (label: string, color: string, value: (b: Breakdown) => number) =>
    `<tr><td><span class="key" style="background:${color}"></span>${escape(label)}</td>${names.map((n) => `<td>${ms(value(breakdowns[n].afterLastByte))}</td>`).join('')}${others
      .map((n) => `<td><strong>${signed(value(breakdowns[n].afterLastByte) - value(breakdowns[base].afterLastByte))}</strong></td>`)
      .join('')}${names.map((n) => `<td>${ms(value(breakdowns[n].toUsable))}</td>`).join('')}</tr>`;
  const rows = [
    ...CATEGORIES.flatMap((c) => [
      row(c, CATEGORY_COLORS[c], (b) => b.byCategory[c]),
      ...(c === 'browser: parse, style, layout, paint'
        ? BROWSER_WORK.map((w) => row(`of which ${w}`, 'transparent', (b) => b.byBrowserWork[w]))
        : []),
    ]),
    row('busy (idle left out)', 'transparent', (b) => b.busyMs),
  ].join('');
  return `<h3>Where the main thread's time goes</h3>
<p>The traced visit nearest its variant's median "usable" (of ${tracedRounds} traced per variant, apart from the measured rounds: tracing slows the page). Buckets from the V8 sampler's stacks, each sample named by the original source of its innermost script frame (source maps).</p>
${bars}
<table class="bd">${head}${rows}</table>
<div class="files">${names.map((n) => fileTable(n, breakdowns[n])).join('')}</div>`;
}

export const BREAKDOWN_CSS = `.bdrow{display:flex;align-items:center;height:20px}
.stack{display:flex;height:14px;width:100%}.stack span{display:block;height:100%}
table.bd{border-collapse:collapse;margin:8px 16px 8px 0;font-size:12px}table.bd td,table.bd th{border:1px solid #ddd;padding:2px 6px;text-align:right}
table.bd td:first-child,table.bd th:first-child{text-align:left}table.bd caption{text-align:left;font-weight:600}
.key{display:inline-block;width:10px;height:10px;margin-right:6px;vertical-align:middle}.files{display:flex;flex-wrap:wrap;align-items:flex-start}`;
