// One owner for a folder, whatever the process ids (containers share none). Ownership is a generation:
// `<root>/<n>/`, made with mkdir, which the filesystem grants to exactly one process. The newest
// generation owns the folder and proves it lives by rewriting its `holder.json` (heartbeatWorker.js).
// Silence is measured on each side's own monotonic clock, never by comparing wall clocks (they step):
// a contender that sees the beat advance is refused (or, told to wait, keeps watching); one that sees
// it stand still for `staleMs` of its own watching, or that shares the holder's PID namespace and
// finds its process gone, takes generation n+1, the only way to take over, so two never both win.
// The owner proves ownership to itself the same way: a statement runs only while its last confirmed
// beat is younger than half the stale time, so an owner paused past it (a `docker pause`, Ctrl-Z)
// refuses everything on resume, before any contender could have taken over. A process writes only in
// its own generation; it sweeps older ones once it owns the folder, and never removes the newest.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { diedHere, generations, newestGeneration, pidSpace, writeHolder, type Holder } from './ownerFiles';

export interface FolderLockPolicy {
  heartbeatMs: number;
  /** How long a contender must see no beat before it takes the folder over. */
  staleMs: number;
}

/** A beat a second; a crashed owner's folder is taken over after 10 s without one. */
export const DEFAULT_FOLDER_LOCK: FolderLockPolicy = { heartbeatMs: 1_000, staleMs: 10_000 };

export interface LockWait {
  /** How long to wait for a live holder to let go (0: refuse at once). */
  waitMs?: number;
  /** What this process is, recorded for whoever waits on it (`server`, `npm run reconcile`). */
  purpose?: string;
  /** Told once when the wait starts. */
  log?: (line: string) => void;
}

export interface FolderLock {
  /** This owner's generation folder: no other process writes in it. */
  readonly dir: string;
  /** True once the folder was lost, or ownership is no longer proven (checked synchronously before every statement). */
  isLost(): boolean;
  /** Stops the heartbeat; marks the generation released if it is still ours (never touches another's). */
  release(): Promise<void>;
}

export class FolderLockedError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describeHolder = (holder: Holder | undefined) =>
  holder
    ? `process ${holder.pid} on ${holder.host}${holder.purpose ? ` (${holder.purpose})` : ''}, since ${holder.since},`
    : 'a process starting up';

/** Takes `root`, waiting up to `staleMs` for a silent owner (and `waitMs` for a live one); throws FolderLockedError if a live one keeps it. */
export async function lockFolder(
  root: string,
  onLost: (error: Error) => void,
  policy: FolderLockPolicy = DEFAULT_FOLDER_LOCK,
  wait: LockWait = {},
): Promise<FolderLock> {
  mkdirSync(root, { recursive: true });
  const started = performance.now();
  let told = false;
  let watching: { generation: number; beat?: number; since: number } | undefined;
  for (;;) {
    const newest = newestGeneration(root);
    const silent = !!watching && watching.generation === newest?.generation && watching.beat === newest.holder?.beat;
    const gone =
      newest && (newest.released || diedHere(newest.holder) || (silent && performance.now() - watching!.since >= policy.staleMs));
    if (newest && !gone) {
      if (watching?.generation === newest.generation && !silent) {
        const waited = performance.now() - started;
        const message = `${root} is held by ${describeHolder(newest.holder)} which is alive (its heartbeat advances).`;
        if (waited >= (wait.waitMs ?? 0))
          throw new FolderLockedError(wait.waitMs ? `${message} Waited ${Math.round(waited)} ms for it to let go.` : message);
        if (!told) wait.log?.(`${message} Waiting up to ${wait.waitMs} ms for it to let go.`);
        told = true;
      }
      if (!silent) watching = { generation: newest.generation, beat: newest.holder?.beat, since: performance.now() };
      await sleep(policy.heartbeatMs / 4);
      continue;
    }
    const generation = (newest?.generation ?? 0) + 1;
    const dir = path.join(root, String(generation));
    watching = undefined;
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue; // another contender won it: watch it like any owner
      throw error;
    }
    const holder: Holder = {
      token: randomUUID(),
      pid: process.pid,
      pidSpace: pidSpace(),
      host: os.hostname(),
      since: new Date().toISOString(),
      beat: 0,
      purpose: wait.purpose,
    };
    const confirmedAt = process.hrtime.bigint();
    writeHolder(dir, holder);
    // A generation swept while we looked may have been made again by us, under a newer one: not ours then.
    if (generations(root).at(-1) !== generation) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    for (const older of generations(root).filter((g) => g < generation))
      rmSync(path.join(root, String(older)), { recursive: true, force: true });
    return startHeartbeat(root, generation, holder, confirmedAt, onLost, policy);
  }
}

async function startHeartbeat(
  root: string,
  generation: number,
  holder: Holder,
  confirmedAt: bigint,
  onLost: (error: Error) => void,
  policy: FolderLockPolicy,
): Promise<FolderLock> {
  // [0]: 1 once lost; [1]: process.hrtime (one monotonic clock for both threads) of the last beat the
  // worker confirmed, taken before it checked the generation was still ours.
  const shared = new SharedArrayBuffer(16);
  const flag = new Int32Array(shared, 0, 1);
  const confirmed = new BigInt64Array(shared, 8, 1);
  Atomics.store(confirmed, 0, confirmedAt);
  const worker = new Worker(path.join(__dirname, 'heartbeatWorker.js'), {
    workerData: { root, generation, holder, ...policy, shared },
    execArgv: [],
  });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let told = false;
  const lose = (why: string) => {
    Atomics.store(flag, 0, 1);
    if (told) return;
    told = true;
    onLost(new Error(`Lost the lock on ${root}: ${why}. This process stops using the database so that two processes never write it.`));
  };
  const unproven = BigInt(Math.floor(policy.staleMs / 2)) * 1_000_000n;
  worker.on('message', (message: { lost?: string }) => message.lost && lose(message.lost));
  worker.on('error', (error: Error) => lose(`its heartbeat failed (${error.message})`));
  await new Promise((resolve) => worker.once('online', resolve));
  worker.unref();
  return {
    dir: path.join(root, String(generation)),
    isLost() {
      if (Atomics.load(flag, 0) === 1) return true;
      const silentNs = process.hrtime.bigint() - Atomics.load(confirmed, 0);
      if (silentNs <= unproven) return false;
      lose(`ownership not confirmed for ${silentNs / 1_000_000n} ms (this process was paused or starved; another may have taken it over)`);
      return true;
    },
    async release() {
      worker.ref(); // until it has marked the generation released, even if nothing else keeps us alive
      worker.postMessage('release');
      await ended;
    },
  };
}
