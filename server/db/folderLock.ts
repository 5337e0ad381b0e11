// One owner for a folder, whatever the process ids (containers share none). Ownership is a generation:
// `<root>/<n>/`, made with mkdir, which the filesystem grants to exactly one process. The newest
// generation owns the folder and proves it lives by rewriting its `holder.json` (heartbeatWorker.js).
// A contender that sees the beat advance is refused at once; one that sees it stand still for
// `staleMs` of its own watching (no clocks compared), or that shares the holder's PID namespace and
// finds its process gone, takes generation n+1, the only way to take over, so two never both win. A process writes only in its own generation; it sweeps older ones
// once it owns the folder (no one holds a superseded generation), and never removes the newest.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { diedHere, generations, newestGeneration, pidSpace, writeHolder, type Holder } from './ownerFiles';

export interface FolderLockPolicy {
  heartbeatMs: number;
  /** How long a contender must see no beat before it takes the folder over. */
  staleMs: number;
}

/** A beat a second; a crashed owner's folder is taken over after 10 s without one. */
export const DEFAULT_FOLDER_LOCK: FolderLockPolicy = { heartbeatMs: 1_000, staleMs: 10_000 };

export interface FolderLock {
  /** This owner's generation folder: no other process writes in it. */
  readonly dir: string;
  /** True once the folder was lost: checked before every statement, synchronously. */
  isLost(): boolean;
  /** Stops the heartbeat; marks the generation released if it is still ours (never touches another's). */
  release(): Promise<void>;
}

export class FolderLockedError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describeHolder = (holder: Holder | undefined) => (holder ? `process ${holder.pid} on ${holder.host} (since ${holder.since})` : 'a process starting up');

/** Takes `root`, waiting up to `staleMs` for a silent owner; throws FolderLockedError if a live one holds it. */
export async function lockFolder(root: string, onLost: (error: Error) => void, policy: FolderLockPolicy = DEFAULT_FOLDER_LOCK): Promise<FolderLock> {
  mkdirSync(root, { recursive: true });
  let watching: { generation: number; beat?: number; since: number } | undefined;
  for (;;) {
    const newest = newestGeneration(root);
    const silent = !!watching && watching.generation === newest?.generation && watching.beat === newest.holder?.beat;
    const gone = newest && (newest.released || diedHere(newest.holder) || (silent && Date.now() - watching!.since >= policy.staleMs));
    if (newest && !gone) {
      if (watching?.generation === newest.generation && !silent) {
        throw new FolderLockedError(`${root} is held by ${describeHolder(newest.holder)}, which is alive (its heartbeat advances).`);
      }
      if (!silent) watching = { generation: newest.generation, beat: newest.holder?.beat, since: Date.now() };
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
    const holder: Holder = { token: randomUUID(), pid: process.pid, pidSpace: pidSpace(), host: os.hostname(), since: new Date().toISOString(), beat: 0 };
    writeHolder(dir, holder);
    // A generation swept while we looked may have been made again by us, under a newer one: not ours then.
    if (generations(root).at(-1) !== generation) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    for (const older of generations(root).filter((g) => g < generation)) rmSync(path.join(root, String(older)), { recursive: true, force: true });
    return startHeartbeat(root, generation, holder, onLost, policy);
  }
}

async function startHeartbeat(root: string, generation: number, holder: Holder, onLost: (error: Error) => void, policy: FolderLockPolicy): Promise<FolderLock> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(path.join(__dirname, 'heartbeatWorker.js'), { workerData: { root, generation, holder, ...policy, flag: flag.buffer }, execArgv: [] });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const lose = (why: string) => {
    Atomics.store(flag, 0, 1);
    onLost(new Error(`Lost the lock on ${root}: ${why}. This process stops using the database so that two processes never write it.`));
  };
  worker.on('message', (message: { lost?: string }) => message.lost && lose(message.lost));
  worker.on('error', (error) => lose(`its heartbeat failed (${error.message})`));
  await new Promise((resolve) => worker.once('online', resolve));
  worker.unref();
  return {
    dir: path.join(root, String(generation)),
    isLost: () => Atomics.load(flag, 0) === 1,
    async release() {
      worker.ref(); // until it has marked the generation released, even if nothing else keeps us alive
      worker.postMessage('release');
      await ended;
    },
  };
}
