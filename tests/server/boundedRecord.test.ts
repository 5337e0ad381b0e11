/** @jest-environment node */
// A record the session routes keep before Stripe never holds a payment past its bound: a database that
// never answers, or fails, gives the fallback within the bound, counted; while it fails, one call at a
// time (at most one per bound) asks it again, the others go without at once; an answer ends the failing.
import { recordBound, withinBound } from '../../server/db/boundedRecord';

// On jest's clock (setTimeout and performance.now): "at once" is "with no timer advanced", and a bound
// passes when the test advances it, so a busy machine can neither undercut nor outlast one.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const never = () => new Promise<string>(() => {});
/** Whether `promise` has settled once what is queued has run, no timer advanced. */
const settledNow = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await jest.advanceTimersByTimeAsync(0);
  return settled;
};

it('a database that never answers: the fallback after the bound, counted and logged once', async () => {
  const lines: string[] = [];
  const bound = recordBound(200, (line) => lines.push(line));
  const record = withinBound(bound, 'r', never, () => 'fallback');
  await jest.advanceTimersByTimeAsync(199);
  expect(await settledNow(record)).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(await record).toBe('fallback');
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
  const records = Promise.all([1, 2, 3].map(() => withinBound(bound, 'r', answer, () => 'fallback')));
  expect(await settledNow(records)).toBe(true);
  expect(await records).toEqual(['fallback', 'fallback', 'fallback']);
  expect(asked).toBe(0); // within the bound of the failure: no probe yet
  await jest.advanceTimersByTimeAsync(250);
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
  await jest.advanceTimersByTimeAsync(350);
  const probe = withinBound(bound, 'r', never, () => 'probe gave up');
  const other = withinBound(
    bound,
    'r',
    async () => 'recorded',
    () => 'fallback',
  );
  expect(await settledNow(other)).toBe(true);
  expect(await other).toBe('fallback');
  expect(await settledNow(probe)).toBe(false);
  await jest.advanceTimersByTimeAsync(300);
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
    await jest.advanceTimersByTimeAsync(20);
  }
  expect(askedAt).toBeDefined();
  expect(askedAt! - blipAt).toBeLessThan(400);
  expect(await withinBound(bound, 'r', answer, () => 'fallback')).toBe('recorded');
});
