// The latency-over-time picture: one panel per route, lines per series, vertical markers (the kill),
// as a self-contained SVG that docs/server/observe.md shows.

export interface Series {
  name: string;
  color: string;
  points: Array<[number, number]>;
}

export interface Panel {
  title: string;
  yLabel: string;
  series: Series[];
  markers?: Array<{ x: number; label: string }>;
}

const WIDTH = 760;
const HEIGHT = 220;
const PAD = { left: 56, right: 16, top: 28, bottom: 34 };
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const niceMax = (value: number) => {
  const step = 10 ** Math.floor(Math.log10(value || 1));
  return Math.ceil((value || 1) / step) * step;
};

function panel({ title, yLabel, series, markers = [] }: Panel, top: number): string {
  const points = series.flatMap((s) => s.points);
  const xMax = niceMax(Math.max(1, ...points.map(([x]) => x)));
  const yMax = niceMax(Math.max(1, ...points.map(([, y]) => y)));
  const w = WIDTH - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const x = (value: number) => PAD.left + (value / xMax) * w;
  const y = (value: number) => top + PAD.top + h - (value / yMax) * h;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return [
    `<text x="${PAD.left}" y="${top + 18}" font-weight="bold">${escape(title)}</text>`,
    ...ticks.map(
      (t) =>
        `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(t * yMax)}" y2="${y(t * yMax)}" stroke="#ddd"/><text x="${PAD.left - 6}" y="${y(t * yMax) + 4}" text-anchor="end">${+(t * yMax).toPrecision(3)}</text>`,
    ),
    ...ticks.map((t) => `<text x="${x(t * xMax)}" y="${top + HEIGHT - 14}" text-anchor="middle">${+(t * xMax).toPrecision(3)} s</text>`),
    `<text transform="translate(14 ${top + PAD.top + h / 2}) rotate(-90)" text-anchor="middle">${escape(yLabel)}</text>`,
    ...markers.map(
      (m, i) =>
        `<line x1="${x(m.x)}" x2="${x(m.x)}" y1="${top + PAD.top}" y2="${top + PAD.top + h}" stroke="#c00" stroke-dasharray="4 3"/><text x="${x(m.x) + 4}" y="${top + PAD.top + 12 + 13 * i}" fill="#c00">${escape(m.label)}</text>`,
    ),
    ...series.map(
      (s) =>
        `<polyline fill="none" stroke="${s.color}" stroke-width="1.5" points="${s.points.map(([px, py]) => `${x(px).toFixed(1)},${y(py).toFixed(1)}`).join(' ')}"/>`,
    ),
    ...series.map(
      (s, i) => `<text x="${WIDTH - PAD.right - 110 * (series.length - i)}" y="${top + 18}" fill="${s.color}">${escape(s.name)}</text>`,
    ),
  ].join('\n');
}

export function latencySvg(panels: Panel[]): string {
  const height = panels.length * HEIGHT;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...panels.map((p, i) => panel(p, i * HEIGHT)),
    '</svg>',
  ].join('\n');
}
