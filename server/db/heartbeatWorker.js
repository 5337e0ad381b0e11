// The folder owner's heartbeat, on a thread of its own (folderLock.ts starts it): PGlite runs
// WebAssembly on the main thread and blocks it for seconds while it creates a database, which must not
// look like a dead owner. Every `heartbeatMs` it checks that the generation is still ours, then
// rewrites holder.json with the next beat and publishes when it confirmed it (process.hrtime: the
// monotonic clock both threads read; wall clocks step). It gives up, sets the shared flag (the database
// refuses the next statement at once) and tells the main thread, when another process took the folder,
// or when it could not beat for half the stale time (a contender may be about to). On `release` it
// marks the generation released, only if still ours, and ends.
'use strict';
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { RELEASED, stillHeld, writeHolder } = require('./ownerFiles');

const LOST = 1;
const { root, generation, holder, heartbeatMs, staleMs, shared } = workerData;
const state = new Int32Array(shared, 0, 1);
const confirmed = new BigInt64Array(shared, 8, 1);
const dir = path.join(root, String(generation));
const msSince = (then) => Number((process.hrtime.bigint() - then) / 1_000_000n);
let lastBeat = Atomics.load(confirmed, 0);

function lose(why) {
  Atomics.store(state, 0, LOST);
  clearInterval(timer);
  parentPort.postMessage({ lost: why });
}

function beat() {
  const checkedAt = process.hrtime.bigint();
  const silentFor = msSince(lastBeat);
  try {
    if (silentFor > staleMs / 2) return lose(`no heartbeat for ${silentFor} ms (another process may have taken it over)`);
    if (!stillHeld(root, generation, holder.token)) return lose('another process took it over');
    holder.beat += 1;
    writeHolder(dir, holder);
    lastBeat = checkedAt;
    Atomics.store(confirmed, 0, checkedAt);
  } catch (error) {
    if (msSince(lastBeat) > staleMs / 2) lose(`the heartbeat cannot be written (${error.message})`);
  }
}

const timer = setInterval(beat, heartbeatMs);
parentPort.on('message', (message) => {
  if (message !== 'release') return;
  clearInterval(timer);
  try {
    if (Atomics.load(state, 0) !== LOST && stillHeld(root, generation, holder.token))
      writeFileSync(path.join(dir, RELEASED), new Date().toISOString());
  } finally {
    parentPort.close();
  }
});
