// bench/report.html: for each profile, one representative visit per variant (the one whose
// "usable" time is nearest the median) as a waterfall: every request as a bar and the milestones as
// lines, both variants on the same time axis. Self-contained: inline CSS, no script, no fetch.
import { BREAKDOWN_CSS } from './mainThreadReport';
import { LABELS, METRICS, type Metric, type Visit } from './measure';

export interface ReportSection {
  profile: string;
  description: string;
  variants: { name: string; visit: Visit; origins: Record<string, string> }[];
  /** HTML shown under the waterfall (mainThreadReport.ts's breakdown). */
  mainThread?: string;
}

const COLORS: Record<Metric, string> = { pays: '#0369a1', dom: '#7b3fe4', usable: '#0a7d32', stripe: '#c2410c' };

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function label(url: string, origins: Record<string, string>): string {
  const parsed = new URL(url);
  const origin = origins[parsed.origin] ?? parsed.host;
  return `${origin} ${parsed.pathname}`;
}

function waterfall(name: string, visit: Visit, origins: Record<string, string>, axisMs: number): string {
  const pct = (ms: number) => `${((Math.max(ms, 0) / axisMs) * 100).toFixed(2)}%`;
  const rows = visit.requests
    .map((r) => {
      const kb = r.wireBytes ? `${(r.wireBytes / 1000).toFixed(1)} KB` : '';
      const width = `max(2px, ${(((r.endMs - r.startMs) / axisMs) * 100).toFixed(2)}%)`;
      return `<div class="row"><span class="name" title="${escape(r.url)}">${escape(label(r.url, origins))}</span><span class="lane"><span class="bar" style="left:${pct(r.startMs)};width:${width}"></span><span class="t" style="left:${pct(r.endMs)}">${r.startMs.toFixed(0)}–${r.endMs.toFixed(0)} ms ${kb}</span></span></div>`;
    })
    .join('\n');
  const lines = METRICS.filter((m) => visit.marks[m] !== undefined)
    .map(
      (m) =>
        `<span class="mark" style="left:${pct(visit.marks[m]!)};border-color:${COLORS[m]}" title="${LABELS[m]} ${visit.marks[m]!.toFixed(0)} ms"></span>`,
    )
    .join('');
  const legend = METRICS.map((m) => `<span style="color:${COLORS[m]}">▍${LABELS[m]} ${visit.marks[m]?.toFixed(0) ?? '–'} ms</span>`).join(
    ' ',
  );
  return `<h3>${escape(name)}</h3><p class="legend">${legend}</p><div class="chart"><div class="marks">${lines}</div>${rows}</div>`;
}

export function renderReport(title: string, sections: ReportSection[]): string {
  const body = sections
    .map((section) => {
      const ends = section.variants.flatMap(({ visit }) => [
        ...visit.requests.map((r) => r.endMs),
        ...METRICS.map((m) => visit.marks[m] ?? 0),
      ]);
      const axisMs = Math.ceil(Math.max(...ends, 1) / 100) * 100 + 100;
      const ticks = Array.from({ length: 11 }, (_, i) => `<span style="left:${i * 10}%">${Math.round((axisMs * i) / 10)} ms</span>`).join(
        '',
      );
      return `<section><h2>${escape(section.profile)}</h2><p>${escape(section.description)}</p><div class="axis"><span class="name"></span><span class="lane">${ticks}</span></div>${section.variants
        .map((v) => waterfall(v.name, v.visit, v.origins, axisMs))
        .join('\n')}${section.mainThread ?? ''}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
body{font:13px/1.4 system-ui,sans-serif;margin:16px 24px;color:#1a1a1a}
h2{margin:24px 0 4px}h3{margin:14px 0 2px;font-size:14px}p{margin:2px 0}
.legend span{margin-right:14px;font-weight:600}
.row,.axis{display:flex;align-items:center;height:18px}
.name{flex:0 0 340px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font-family:ui-monospace,monospace;font-size:11px}
.lane{position:relative;flex:1;height:100%}
.axis .lane span{position:absolute;font-size:10px;color:#666;border-left:1px solid #ccc;padding-left:2px}
.bar{position:absolute;top:4px;height:10px;background:#2563eb;border-radius:2px}
.t{position:absolute;top:2px;padding-left:4px;font-size:10px;color:#555;white-space:nowrap}
.chart{position:relative;border-top:1px solid #ddd;padding-top:2px}
.marks{position:absolute;left:340px;right:0;top:0;bottom:0;pointer-events:none}
.mark{position:absolute;top:0;bottom:0;border-left:2px dashed}
${BREAKDOWN_CSS}
</style></head><body><h1>${escape(title)}</h1>
<p>Each bar is one request, from its start to its last byte; dashed lines are the milestones. Times in ms after navigation. Stripe.js is a stand-in answered by a route after the delay the profile gives it.</p>
${body}
</body></html>
`;
}
