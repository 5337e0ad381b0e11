// The e2e builds' cache (the remote, the host example, the host matrix's installs and hosts): a folder
// filled once per hash of its inputs (written aside and renamed into place, so a concurrent run never
// sees half of one), old ones pruned, and the tools' commands run to their end with the tail of their
// output kept for the failure message.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, alive } from './env';

export function log(message: string): void {
  process.stderr.write(`e2e: ${message}\n`);
}

export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '@mf-types') return [];
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function hashOf(parts: string[], files: string[]): string {
  const hash = createHash('sha256').update(process.version);
  for (const part of parts) hash.update(part).update('\0');
  for (const file of files.sort()) hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Fills `final` once: `fill` works in a private directory renamed into place when complete, so a
 * concurrent run never sees half of it; an existing complete one is reused.
 */
export async function once(final: string, what: string, fill: (work: string) => Promise<void>): Promise<{ dir: string; seconds: number }> {
  // E2E_REBUILD=1 builds afresh (installs are kept: they only change with their lockfile).
  const stale = process.env.E2E_REBUILD === '1' && path.basename(path.dirname(final)) === 'builds';
  if (stale) rmSync(final, { recursive: true, force: true });
  if (existsSync(path.join(final, 'complete'))) {
    // Marked as used: prune() leaves a build another run (another worktree) used lately.
    const now = new Date();
    utimesSync(final, now, now);
    return { dir: final, seconds: 0 };
  }
  const started = Date.now();
  const work = `${final}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    await fill(work);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(path.join(work, 'complete'), new Date().toISOString());
  try {
    renameSync(work, final);
  } catch {
    rmSync(work, { recursive: true, force: true }); // a concurrent run put the same one in place first
  }
  const seconds = (Date.now() - started) / 1000;
  log(`${what} in ${seconds.toFixed(1)} s`);
  return { dir: final, seconds };
}

/** A build used within this long may be in use by a run of another worktree (the cache is shared). */
const IN_USE_MS = 60 * 60_000;

/** Removes what killed runs left, and all but the newest of each kind and those used in the last hour. */
export function prune(dir: string, prefixOf: (name: string) => string | null, keep: Set<string>): void {
  if (!existsSync(dir)) return;
  const groups = new Map<string, Array<{ name: string; mtime: number }>>();
  for (const name of readdirSync(dir)) {
    const pid = /\.tmp-(\d+)$/.exec(name)?.[1];
    if (pid) {
      if (!alive(Number(pid))) rmSync(path.join(dir, name), { recursive: true, force: true });
      continue;
    }
    const prefix = prefixOf(name);
    if (!prefix || keep.has(name)) continue;
    const list = groups.get(prefix) ?? [];
    list.push({ name, mtime: statSync(path.join(dir, name)).mtimeMs });
    groups.set(prefix, list);
  }
  for (const list of groups.values()) {
    for (const old of list.sort((a, b) => b.mtime - a.mtime).slice(1)) {
      if (Date.now() - old.mtime > IN_USE_MS) rmSync(path.join(dir, old.name), { recursive: true, force: true });
    }
  }
}

/**
 * A build or install that has not ended by then is stuck: only a failure deadline. A quiet machine
 * builds the remote in a minute; a shared 2-core machine beside a CPU hog took more than 5 (load 40)
 * and more than 20 (load 55: 894 s for the federated config, 239 s for the element's).
 */
const STUCK_AFTER_MS = 60 * 60_000;

/** Runs a command to its end; rejects with its exit and the end of its output. */
export function run(command: string, args: string[], cwd: string, what: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let stuck = false;
    const timer = setTimeout(() => ((stuck = true), child.kill('SIGKILL')), STUCK_AFTER_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} failed (${String(error)})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const why = stuck ? `not done after ${STUCK_AFTER_MS / 1000} s, stopped` : (signal ?? `exit ${code}`);
      reject(new Error(`${what} failed (${why}):\n${output.trim()}`));
    });
  });
}
