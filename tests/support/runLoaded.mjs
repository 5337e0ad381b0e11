// `npm run test:loaded -- [--runs 3] [--cpus 2] [--no-hog]`: the whole suite as a busy CI runner sees it.
// Runs `CI=true npm test` N times in a row beside a CPU hog (Debian's stress-ng), and prints each run's
// wall time, result and failed tests; a test that orders events by sleeping fails here first. The hog
// is stopped at the end whatever happens (a failed run, Ctrl-C, SIGTERM). Each run's full output is in
// .tmp/loaded/run-<n>.log, and every run's figures in .tmp/loaded/summary.json.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cpus: { type: 'string', default: '2' },
    'no-hog': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);
const cpus = Math.max(1, Number.parseInt(values.cpus, 10) || 1);
const outDir = path.resolve('.tmp/loaded');
mkdirSync(outDir, { recursive: true });

/** Child process groups to end on exit: the hog and the run in progress (each leads its own group). */
const groups = new Set();
const endGroup = (child) => {
  if (!groups.delete(child)) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
};
const endAll = () => [...groups].forEach(endGroup);
process.on('exit', endAll);
let current = null; // the run in progress: { run, started }
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    endAll();
    if (current) console.log(`run ${current.run}: stopped by ${signal} after ${Math.round((Date.now() - current.started) / 1000)} s`);
    process.exit(130);
  });
}

const startGroup = (command, args, options) => {
  const child = spawn(command, args, { ...options, detached: true });
  groups.add(child);
  const closed = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: null, error }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  closed.then(() => groups.delete(child));
  return { child, closed };
};

let hog;
if (!values['no-hog']) {
  // The timeout is only a backstop should this script itself be killed with SIGKILL.
  hog = startGroup('stress-ng', ['--cpu', String(cpus), '--timeout', `${runs * 3600}s`, '--quiet'], {
    stdio: 'ignore',
  });
  hog.closed.then(({ error }) => {
    if (error) console.error(`stress-ng could not start (${error.message}): install it (apt-get install stress-ng)`);
  });
}

const readFailures = (reportDir) => {
  try {
    return readdirSync(reportDir)
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) => JSON.parse(readFileSync(path.join(reportDir, name), 'utf8')).failures ?? []);
  } catch {
    return [];
  }
};

const results = [];
for (let run = 1; run <= runs; run += 1) {
  const log = path.join(outDir, `run-${run}.log`);
  const reportDir = path.join(outDir, `run-${run}`);
  const fd = openSync(log, 'w');
  const started = Date.now();
  console.log(`run ${run}/${runs}: started ${new Date(started).toISOString()}${hog ? ` beside stress-ng --cpu ${cpus}` : ''}`);
  current = { run, started };
  const { closed } = startGroup('npm', ['test'], {
    env: { ...process.env, CI: 'true', JEST_REPORT_DIR: reportDir },
    stdio: ['ignore', fd, fd],
  });
  const { code, signal } = await closed;
  closeSync(fd);
  const seconds = Math.round((Date.now() - started) / 1000);
  const summary = readFileSync(log, 'utf8').match(/^tests: \d+ passed, \d+ failed$/m)?.[0] ?? 'no summary line';
  const failures = readFailures(reportDir);
  const result = { run, seconds, exitCode: code, signal, summary, failures, hog: hog ? cpus : 0, log };
  results.push(result);
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(results, null, 2));
  const minutes = `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
  console.log(`run ${run}/${runs}: ${code === 0 ? 'passed' : 'FAILED'} in ${minutes} (${summary}; exit ${code ?? signal})`);
  for (const failure of failures) console.log(`  failed: ${failure}`);
  if (code !== 0 && failures.length === 0) console.log(`  no failed test was reported: see ${log}`);
}

if (hog) endGroup(hog.child);
const failedRuns = results.filter((result) => result.exitCode !== 0).length;
console.log(`${runs - failedRuns} of ${runs} runs passed${hog ? ` beside stress-ng --cpu ${cpus}` : ''}`);
process.exitCode = failedRuns === 0 ? 0 : 1;
