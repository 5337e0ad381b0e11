/** @jest-environment node */
// The load run's pieces, without the load: the rate search on a simulated server, the arithmetic,
// and the picture. (`npm run load` itself takes minutes; `npm run load -- --quick` checks it whole.)
import { highestRate, type RateRun } from '../../load/sessionRate';
import { percentile, perSecond } from '../../load/stats';
import { latencySvg } from '../../load/svg';

/** A server whose p99 crosses 100 ms above `capacity` req/s. */
const simulated =
  (capacity: number, log: number[][]) =>
  async (rate: number, seconds: number): Promise<RateRun> => {
    log.push([rate, seconds]);
    return { rate, seconds, rps: rate, p99: rate <= capacity ? 40 : 250, errors: 0, samples: [] };
  };

describe('the rate search', () => {
  it('doubles, bisects to within 10 %, then holds the best for the full duration', async () => {
    const tried: number[][] = [];
    const { best } = await highestRate(simulated(330, tried), { start: 50, probeSeconds: 5, holdSeconds: 30 });
    expect(best).toMatchObject({ seconds: 30 });
    expect(best!.rate).toBeGreaterThan(330 * 0.9);
    expect(best!.rate).toBeLessThanOrEqual(330);
    expect(tried.slice(0, 4)).toEqual([
      [50, 5],
      [100, 5],
      [200, 5],
      [400, 5],
    ]);
    expect(tried.filter(([, s]) => s === 30)).toHaveLength(1);
  });

  it('goes below its start when even that fails, and counts an error as a failure', async () => {
    const { best } = await highestRate(simulated(20, []), { start: 50, probeSeconds: 1, holdSeconds: 2 });
    expect(best!.rate).toBeLessThanOrEqual(20);
    const erring = async (rate: number, seconds: number): Promise<RateRun> => ({
      rate,
      seconds,
      rps: rate,
      p99: 5,
      errors: rate > 60 ? 1 : 0,
      samples: [],
    });
    expect((await highestRate(erring, { start: 50, probeSeconds: 1, holdSeconds: 2 })).best!.rate).toBeLessThanOrEqual(60);
  });
});

describe('the arithmetic and the picture', () => {
  it('percentiles and per-second buckets', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 50), percentile(values, 99), percentile(values, 100)]).toEqual([50, 99, 100]);
    expect(
      perSecond([
        { at: 100, latencyMs: 5 },
        { at: 900, latencyMs: 7 },
        { at: 1500, latencyMs: 9 },
      ]),
    ).toEqual([
      { second: 0, count: 2, p50: 5, p99: 7 },
      { second: 1, count: 1, p50: 9, p99: 9 },
    ]);
  });

  it('an SVG with a panel per route, a line per series and the kill marked', () => {
    const svg = latencySvg([
      {
        title: 'sessions',
        yLabel: 'ms',
        series: [
          {
            name: 'p99',
            color: '#f00',
            points: [
              [0, 10],
              [1, 20],
            ],
          },
        ],
      },
      {
        title: 'webhook <storm>',
        yLabel: 'ms',
        series: [{ name: 'p99', color: '#f00', points: [[0, 5]] }],
        markers: [{ x: 1, label: 'SIGKILL' }],
      },
    ]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('SIGKILL');
    expect(svg).toContain('webhook &lt;storm>');
  });
});
