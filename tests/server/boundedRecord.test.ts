/** @jest-environment node */
// A record the session routes keep before Stripe never holds a payment past its bound: a database that
// never answers, or fails, gives the fallback within the bound, counted; while it fails, one call at a
// time (at most one per bound) asks it again, the others go without at once; an answer ends the failing.
import { recordBound, withinBound } from '../../server/db/boundedRecord';

const never = () => new Promise<string>(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a database that never answers: the fallback after the bound, counted and logged once', async () => {
  const lines: string[] = [];
  const bound = recordBound(200, (line) => lines.push(line));
  const started = performance.now();
  expect(await withinBound(bound, 'r', never, () => 'fallback')).toBe('fallback');
  expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(bound.health.counts()).toEqual({ r: 1 });
  expect(lines).toEqual([expect.stringMatching(/^\[orders\] r gave up on the database \(no answer within 200 ms\)/)]);
});

it('while it fails: the others go without at once; one probe per bound; an answer ends it, said once', async () => {
  const lines: string[] = [];
  const bound = recordBound(200, (line) => lines.push(line));
  await withinBound(
    bound,
    'r',
    () => Promise.reject(new Error('ECONNREFUSED')),
    () => 'fallback',
  );
  let asked = 0;
  const answer = async () => (asked++, 'recorded');
  const started = performance.now();
  expect(await Promise.all([1, 2, 3].map(() => withinBound(bound, 'r', answer, () => 'fallback')))).toEqual([
    'fallback',
    'fallback',
    'fallback',
  ]);
  expect(performance.now() - started).toBeLessThan(100);
  expect(asked).toBe(0); // within the bound of the failure: no probe yet
  await sleep(250);
  const probe = withinBound(bound, 'r', answer, () => 'fallback');
  expect(await probe).toBe('recorded');
  expect(await withinBound(bound, 'r', answer, () => 'fallback')).toBe('recorded');
  expect(asked).toBe(2);
  expect(bound.health.counts()).toEqual({ r: 4 });
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe('[orders] the database answers again, after 4 records given up on.');
});

it('one probe at a time: a slow probe makes the others go without rather than wait', async () => {
  const bound = recordBound(300, () => {});
  await withinBound(
    bound,
    'r',
    () => Promise.reject(new Error('down')),
    () => 'fallback',
  );
  await sleep(350);
  const probe = withinBound(bound, 'r', never, () => 'probe gave up');
  const started = performance.now();
  expect(
    await withinBound(
      bound,
      'r',
      async () => 'recorded',
      () => 'fallback',
    ),
  ).toBe('fallback');
  expect(performance.now() - started).toBeLessThan(100);
  expect(await probe).toBe('probe gave up');
});

it('a blip, then steady traffic: the recovered database is asked again within two bounds', async () => {
  const bound = recordBound(200, () => {});
  const blipAt = performance.now();
  await withinBound(
    bound,
    'r',
    () => Promise.reject(new Error('ECONNRESET')),
    () => 'fallback',
  );
  // Requests every 20 ms, each of which goes without while the database is failing: they must not push
  // the probe further away. The loop's deadline only ends a failing run.
  let askedAt: number | undefined;
  const answer = async () => ((askedAt ??= performance.now()), 'recorded');
  while (askedAt === undefined && performance.now() - blipAt < 2_000) {
    await withinBound(bound, 'r', answer, () => 'fallback');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(askedAt).toBeDefined();
  expect(askedAt! - blipAt).toBeLessThan(400);
  expect(await withinBound(bound, 'r', answer, () => 'fallback')).toBe('recorded');
});
