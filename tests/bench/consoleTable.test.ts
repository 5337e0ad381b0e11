/**
 * @jest-environment node
 */
import { milestoneTable, type Medians } from '../../bench/consoleTable';

const row = (pays: number, usable: number) => ({ pays, dom: usable, usable, stripe: usable + 100 });
const MEDIANS: Medians = {
  direct: row(200, 800),
  federated: row(210, 880),
  formless: row(700, 900),
  unverified: row(215, 968),
  standalone: row(190, 600),
};

describe("the bench's table", () => {
  const [head, pays, , usable] = milestoneTable(MEDIANS);
  const cells = (line: string) => line.slice(22).trim().split(/\s+/);

  it('has a column per page, federated against direct, and federated (verified) against unverified', () => {
    expect(cells(head)).toEqual(['direct', 'federated', 'ratio', '+ms', 'no', 'form', 'unverified', 'fed/unv', 'standalone']);
  });

  it('shows "a click pays" first, for the page with its form and without it side by side', () => {
    expect(pays.startsWith('a click pays')).toBe(true);
    expect(cells(pays)).toEqual(['200', '210', '1.05', '10', '700', '215', '0.98', '190']);
  });

  it('computes the ratios from the medians', () => {
    expect(cells(usable)).toEqual(['800', '880', '1.10', '80', '900', '968', '0.91', '600']);
  });
});
