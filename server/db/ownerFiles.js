// The files that say who owns a folder (folderLock.ts): `<root>/<generation>/holder.json`, rewritten
// whole at each heartbeat, and `released` once its owner let go. Plain CommonJS (typed by
// ownerFiles.d.ts) because the heartbeat's worker thread loads it too, and must start in milliseconds,
// with no TypeScript loader. Synchronous: each is a system call or two on a local folder.
'use strict';
const { existsSync, readFileSync, readdirSync, readlinkSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const RELEASED = 'released';

function generations(root) {
  let names = [];
  try {
    names = readdirSync(root);
  } catch {
    // No folder yet: no generation either.
  }
  return names
    .filter((name) => /^[1-9][0-9]*$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
}

function readHolder(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'holder.json'), 'utf8'));
  } catch {
    return undefined; // not written yet, or swept
  }
}

function writeHolder(dir, holder) {
  const temporary = path.join(dir, `holder.json.${holder.token}.tmp`);
  writeFileSync(temporary, JSON.stringify(holder));
  renameSync(temporary, path.join(dir, 'holder.json')); // atomic: a reader sees the old beat or the new one
}

const stillHeld = (root, generation, token) =>
  generations(root).at(-1) === generation && readHolder(path.join(root, String(generation)))?.token === token;

function newestGeneration(root) {
  const generation = generations(root).at(-1);
  if (generation === undefined) return undefined;
  const dir = path.join(root, String(generation));
  return { generation, dir, holder: readHolder(dir), released: existsSync(path.join(dir, RELEASED)) };
}

/** This machine's boot and PID namespace (Linux), where a PID means one process; undefined elsewhere. */
function pidSpace() {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

/** A holder in our own PID namespace whose process is gone: no need to wait for its heartbeat to stop. */
function diedHere(holder) {
  if (!holder || !holder.pidSpace || holder.pidSpace !== pidSpace()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

module.exports = { RELEASED, generations, readHolder, writeHolder, stillHeld, newestGeneration, pidSpace, diedHere };
