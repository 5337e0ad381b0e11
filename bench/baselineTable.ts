// What `--baseline <rev>` prints: each compared page's median for our build and the baseline's,
// measured in the same interleaved rounds, and their ratio; each page against its own build's
// `direct`; wallets shown after Stripe.js ready; the bytes fetched from the remote before the button.
// Pure: the visits in, lines and figures out.
import type { Visit } from './measure';
import type { ComparedPage } from './baselineServe';

export const COMPARED: ComparedPage[] = ['direct', 'verified', 'unverified', 'element'];

/** Our bench's page for each compared page. */
export const OUR_PAGE = { direct: 'direct', verified: 'federated', unverified: 'unverified', element: 'standalone' } as const;

export interface Side {
  visits: Record<ComparedPage, Visit[]>;
  wallets: Visit[];
  /** Bytes fetched from the remote before the button, per page (a median over the visits). */
  bytes: Record<ComparedPage, number>;
}

export interface Comparison {
  usable: Record<ComparedPage, { ours: number; baseline: number; ratio: number; oursToDirect: number; baselineToDirect: number }>;
  walletsAfterReady: { ours: number; baseline: number };
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const usable = (visits: Visit[]) => median(visits.map((v) => v.marks.usable ?? NaN));
/** Per visit, wallets shown minus Stripe.js ready, then the median. */
const afterReady = (visits: Visit[]) => median(visits.map((v) => (v.marks.wallets ?? NaN) - (v.marks.stripe ?? NaN)));

export function compare(ours: Side, baseline: Side): Comparison {
  const oursDirect = usable(ours.visits.direct);
  const baseDirect = usable(baseline.visits.direct);
  const rows = COMPARED.map((page) => {
    const o = usable(ours.visits[page]);
    const b = usable(baseline.visits[page]);
    return [page, { ours: o, baseline: b, ratio: o / b, oursToDirect: o / oursDirect, baselineToDirect: b / baseDirect }];
  });
  return {
    usable: Object.fromEntries(rows) as Comparison['usable'],
    walletsAfterReady: { ours: afterReady(ours.wallets), baseline: afterReady(baseline.wallets) },
  };
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pad = (value: string, width: number) => value.padStart(width);

export function comparisonLines(rev: string, c: Comparison, ours: Side, baseline: Side, rounds: number): string[] {
  const head = `${'button usable'.padEnd(14)}${pad('ours', 8)}${pad(rev, 10)}${pad('ours÷base', 11)}${pad('÷direct: ours', 15)}${pad('base', 7)}`;
  return [
    `Against ${rev}, same ${rounds} interleaved rounds, median ms after navigation:`,
    head,
    ...COMPARED.map((page) => {
      const r = c.usable[page];
      return `${page.padEnd(14)}${pad(fixed(r.ours), 8)}${pad(fixed(r.baseline), 10)}${pad(fixed(r.ratio, 2), 11)}${pad(fixed(r.oursToDirect, 2), 15)}${pad(fixed(r.baselineToDirect, 2), 7)}`;
    }),
    `${'wallets shown after Stripe.js ready'.padEnd(36)} ours ${fixed(c.walletsAfterReady.ours)}, ${rev} ${fixed(c.walletsAfterReady.baseline)}`,
    `${'bytes before the button (gzip -9)'.padEnd(36)} ${(['verified', 'unverified', 'element'] as const)
      .map((p) => `${p} ${fixed(ours.bytes[p])} / ${fixed(baseline.bytes[p])}`)
      .join(', ')}  (ours / ${rev})`,
  ];
}

/** The machine-readable line: every ratio and figure of the comparison. */
export function comparisonLine(rev: string, profile: string, c: Comparison, ours: Side, baseline: Side): string {
  const fields = COMPARED.flatMap((p) => [
    `${p}-ms=${fixed(c.usable[p].ours)}`,
    `${p}-base-ms=${fixed(c.usable[p].baseline)}`,
    `${p}-ratio=${fixed(c.usable[p].ratio, 2)}`,
    `${p}-to-direct=${fixed(c.usable[p].oursToDirect, 2)}`,
    `${p}-base-to-direct=${fixed(c.usable[p].baselineToDirect, 2)}`,
  ]);
  const bytes = (['verified', 'unverified', 'element'] as const).map(
    (p) => `${p}-bytes=${ours.bytes[p]} ${p}-base-bytes=${baseline.bytes[p]}`,
  );
  return `bench-baseline: rev=${rev} profile=${profile} ${fields.join(' ')} wallets-after-ready-ms=${fixed(c.walletsAfterReady.ours)} wallets-after-ready-base-ms=${fixed(c.walletsAfterReady.baseline)} ${bytes.join(' ')}`;
}
