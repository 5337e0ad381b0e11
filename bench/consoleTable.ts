// The console's table for one profile: per milestone, each variant's median, federated against
// direct (ratio and + ms), and federated (verified) against unverified.
import { LABELS, METRICS, type Metric } from './measure';
import type { Variant } from './variants';

export type Medians = Record<Variant, Record<Metric, number>>;

/** A column: a variant's median, or a ratio or difference of two. */
type Column = { head: string; width: number; cell: (m: Metric) => string };

const pad = (value: string | number, width: number) => String(value).padStart(width);

export function milestoneTable(medians: Medians): string[] {
  const at = (v: Variant) => (m: Metric) => medians[v][m];
  const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const median = (head: string, v: Variant, width: number): Column => ({ head, width, cell: (m) => fixed(at(v)(m)) });
  const columns: Column[] = [
    median('direct', 'direct', 8),
    median('federated', 'federated', 11),
    { head: 'ratio', width: 7, cell: (m) => fixed(at('federated')(m) / at('direct')(m), 2) },
    { head: '+ms', width: 6, cell: (m) => fixed(at('federated')(m) - at('direct')(m)) },
    median('no form', 'formless', 9),
    median('unverified', 'unverified', 12),
    { head: 'fed/unv', width: 9, cell: (m) => fixed(at('federated')(m) / at('unverified')(m), 2) },
    median('standalone', 'standalone', 12),
  ];
  return [
    `${'milestone'.padEnd(22)}${columns.map((c) => pad(c.head, c.width)).join('')}`,
    ...METRICS.map((m) => `${LABELS[m].padEnd(22)}${columns.map((c) => pad(c.cell(m), c.width)).join('')}`),
  ];
}
