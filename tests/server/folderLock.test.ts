/** @jest-environment node */
// The orders' PGlite folder has one owner, whatever the process ids: two "containers" (PID namespaces,
// both PID 1) against one folder, a holder killed, a holder frozen and taken over, two contenders for
// one stale folder. Lock timings are shortened (200 ms beats, 16 s stale) so the tests take seconds, not
// so short that a busy runner's starved owner gives its own lock up: an owner silent for half the stale
// time stops (by design), and opening PGlite beside a CPU hog left owners silent for 2.7 s.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/open';
import { FolderLockedError, lockFolder } from '../../server/db/folderLock';
import { newestGeneration } from '../../server/db/ownerFiles';
import { ownerFolderOf } from '../../server/db/pglite';
import { sqlOrders } from '../../server/orders/orderStore';
import { startOwner, unshareAvailable, type OwnerProcess } from './support/ownerProcess';
import { until } from '../support/until';

jest.setTimeout(180_000);
const POLICY = { heartbeatMs: 200, staleMs: 16_000 };
// For the tests that wait out no stale time: an owner starved for 5.5 s on a busy machine still owns the folder.
const PATIENT = { heartbeatMs: 200, staleMs: 40_000 };
/** A wall-clock step (NTP) well past the stale time: if silence were read off the wall clock, it would look stale. */
const STEP_MS = POLICY.staleMs * 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dir: string;
const owners: OwnerProcess[] = [];
const start = (options: Parameters<typeof startOwner>[1] = {}) => {
  const owner = startOwner(path.join(dir, 'orders'), options);
  owners.push(owner);
  return owner;
};
const fulfilledIn = async (folder: string) => {
  const db = await openDatabase({ ORDERS_DATA_DIR: folder }, { lock: POLICY });
  const counts = await sqlOrders(db).counts();
  await db.close();
  return counts.fulfilled ?? 0;
};

// Making a PGlite folder takes seconds (half a minute on a busy machine); copying one made once does not.
const template = mkdtempSync(path.join(os.tmpdir(), 'folder-lock-template-'));
beforeAll(async () => (await openDatabase({ ORDERS_DATA_DIR: path.join(template, 'orders') })).close(), 120_000);
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'folder-lock-'));
  cpSync(path.join(template, 'orders'), path.join(dir, 'orders'), { recursive: true });
});
afterEach(async () => {
  for (const owner of owners.splice(0)) owner.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => rmSync(template, { recursive: true, force: true }));

const namespaces = unshareAvailable();
if (!namespaces && process.env.CI !== 'true')
  console.warn('SKIPPED: the PID-namespace lock tests need root and unshare (util-linux); CI runs them.');
const inNamespaces = namespaces || process.env.CI === 'true' ? it : it.skip;

inNamespaces(
  'two processes in separate PID namespaces, both PID 1: the second is refused with a clear error, and every order of the first is there after reopening',
  async () => {
    expect(unshareAvailable()).toBe(true); // under CI=true, a machine without unshare fails here
    const first = start({ namespace: true, ...PATIENT });
    expect(await first.next('opened')).toMatchObject({ pid: 1 });
    const second = start({ namespace: true, ...PATIENT });
    const refused = await second.next(['refused', 'opened']);
    expect(refused).toHaveProperty('refused');
    expect(refused.pid).toBe(1);
    expect(refused.refused).toMatch(/open in another process: .* is held by process 1 on .*, which is alive/);
    expect(await second.exited).toBe(3);
    first.send('write cs_test_first 40');
    expect(await first.next('wrote')).toEqual({ wrote: 40 });
    first.send('close');
    await first.next('closed');
    expect(await fulfilledIn(path.join(dir, 'orders'))).toBe(40);
  },
);

inNamespaces(
  'a holder killed in its namespace stops beating: after the stale time another takes the folder over, with its orders',
  async () => {
    const first = start({ namespace: true, ...POLICY });
    await first.next('opened');
    first.send('write cs_test_dead 5');
    await first.next('wrote');
    first.child.kill('SIGKILL'); // unshare --kill-child takes the namespace's PID 1 with it
    await first.exited;
    const startedAt = Date.now();
    const second = start({ namespace: true, ...POLICY });
    await second.next('opened');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(POLICY.staleMs);
    second.send('close');
    await second.next('closed');
    expect(await fulfilledIn(path.join(dir, 'orders'))).toBe(5);
  },
);

it('a holder killed in our own PID namespace is taken over at once: its PID is gone, no need to wait out its heartbeat', async () => {
  const slow = { heartbeatMs: 200, staleMs: 60_000 };
  const first = start(slow);
  await first.next('opened');
  first.child.kill('SIGKILL');
  await first.exited;
  const startedAt = Date.now();
  const db = await openDatabase({ ORDERS_DATA_DIR: path.join(dir, 'orders') }, { lock: slow });
  expect(Date.now() - startedAt).toBeLessThan(slow.staleMs / 2);
  await db.close();
});

it("a frozen holder that was taken over stops writing, and never removes or releases the new owner's lock", async () => {
  const folder = path.join(dir, 'orders');
  const frozen = start(POLICY);
  await frozen.next('opened');
  frozen.child.kill('SIGSTOP');
  // Stopped for sure (state T), and any beat written on the way there already on disk.
  while (!/^\d+ \(.*\) T/.test(readFileSync(`/proc/${frozen.child.pid}/stat`, 'utf8'))) await sleep(20);
  await sleep(POLICY.heartbeatMs * 3);
  const lost: Error[] = [];
  const owner = await openDatabase({ ORDERS_DATA_DIR: folder }, { lock: POLICY, onLost: (error) => lost.push(error) });
  const ours = newestGeneration(ownerFolderOf(folder))!;
  frozen.child.kill('SIGCONT');
  // However it learns first: the new generation, its own silence, or its generation swept by the new owner.
  expect((await frozen.next('lost')).lost).toMatch(
    /Lost the lock on .*: (another process took it over|no heartbeat for|the heartbeat cannot be written \(ENOENT)/,
  );
  frozen.send('write cs_test_late 3');
  expect((await frozen.next('writeFailed')).writeFailed).toMatch(/Lost the lock/);
  frozen.send('close');
  await frozen.next('closed');
  await sleep(POLICY.heartbeatMs * 5);
  expect(newestGeneration(ownerFolderOf(folder))).toMatchObject({
    generation: ours.generation,
    released: false,
    holder: { token: ours.holder!.token },
  });
  expect(lost).toEqual([]);
  await sqlOrders(owner).claim('cs_test_owner', 1_000);
  await owner.close();
  expect(newestGeneration(ownerFolderOf(folder))).toMatchObject({ generation: ours.generation, released: true });
});

it('two contenders for one stale folder: exactly one takes it over, the other is refused', async () => {
  const root = path.join(dir, 'orders.owner');
  mkdirSync(path.join(root, '1'), { recursive: true });
  writeFileSync(path.join(root, '1', 'holder.json'), JSON.stringify({ token: 'dead', pid: 1, host: 'gone', since: '', beat: 7 }));
  const results = await Promise.allSettled([0, 1].map(() => lockFolder(root, () => {}, POLICY)));
  const won = results.filter((r) => r.status === 'fulfilled');
  expect(won).toHaveLength(1);
  expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(FolderLockedError) });
  expect(existsSync(path.join(root, '1'))).toBe(false); // swept by the new owner: superseded
  await won[0].value.release();
});

it("an owner paused past the stale time never writes again on resume, not even what it was asked while paused, and the new owner's orders survive its crash", async () => {
  const folder = path.join(dir, 'orders');
  const paused = start(POLICY);
  await paused.next('opened');
  paused.child.kill('SIGSTOP');
  while (!/^\d+ \(.*\) T/.test(readFileSync(`/proc/${paused.child.pid}/stat`, 'utf8'))) await sleep(20);
  const next = start(POLICY);
  await next.next('opened'); // after the stale time of silence
  next.send('write cs_test_new 40');
  expect(await next.next('wrote')).toEqual({ wrote: 40 });
  // Asked while paused: the request is waiting in its input the moment it resumes.
  paused.send('write cs_test_late 3');
  paused.child.kill('SIGCONT');
  expect((await paused.next(['wrote', 'writeFailed'])).writeFailed).toMatch(/Lost the lock|not confirmed/);
  paused.send('close'); // closing after a loss runs nothing into the folder
  await paused.next('closed');
  next.child.kill('SIGKILL'); // the new owner crashes: only what it wrote itself can bring its orders back
  await next.exited;
  expect(await fulfilledIn(folder)).toBe(40);
});

it('a stepped wall clock never takes the folder from a live owner: silence is measured on the monotonic clock', async () => {
  const owner = start(POLICY);
  await owner.next('opened');
  const realNow = Date.now.bind(Date);
  let reads = 0;
  // An NTP step between the contender's first look and its next (the beat has not moved yet).
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + (reads++ > 0 ? STEP_MS : 0));
  try {
    await expect(lockFolder(ownerFolderOf(path.join(dir, 'orders')), () => {}, POLICY)).rejects.toThrow(/alive/);
  } finally {
    clock.mockRestore();
  }
  owner.send('write cs_test_live 2');
  expect(await owner.next('wrote')).toEqual({ wrote: 2 });
});

it("a stepped wall clock in the owner's own process never makes it give the folder up: its watch is monotonic too", async () => {
  const stepper = path.join(__dirname, 'support', 'stepClock.js');
  const marks = path.join(dir, 'stepped');
  const owner = start({
    ...POLICY,
    env: { NODE_OPTIONS: `--require ${stepper}`, STEP_CLOCK_MS: String(STEP_MS), STEP_CLOCK_AFTER_MS: '500', STEP_CLOCK_MARKS: marks },
  });
  await owner.next('opened');
  // Past the step in the main thread (0) and the heartbeat's, then two beats on the stepped clock.
  const stepped = () => (existsSync(marks) ? readFileSync(marks, 'utf8').split('\n').filter(Boolean) : []);
  await until('both threads stepped', () => stepped().includes('0') && stepped().some((id) => id !== '0'));
  const beat = () => newestGeneration(ownerFolderOf(path.join(dir, 'orders')))!.holder!.beat;
  const steppedAt = beat();
  await until('two beats after the step', () => beat() >= steppedAt + 2);
  owner.send('write cs_test_stepped 2');
  expect(await owner.next(['wrote', 'writeFailed', 'lost'])).toEqual({ wrote: 2 });
});
