// `npm test`: two lanes at once, because on two cores neither fills the machine alone. The browser lane
// spends its first minute building the remote and installing hosts, and then mostly waits on Chromium;
// the other lane's unit tests mostly wait on child processes, Postgres and timers, so its type check
// and lint (CPU only, about 50 s) run beside its jest rather than before it, and its jest runs two
// workers (its default on two cores is one; a third competes with the browser lane for the cores). Ends with one line for both lanes: `tests: N passed, N failed`.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import concurrently from 'concurrently';

const reportDir = (process.env.JEST_REPORT_DIR ??= path.resolve('.tmp/jest-reports'));
rmSync(reportDir, { recursive: true, force: true });

/** Each command: its name (a jest's is also its report's, see summaryReporter.cjs) and what it runs. */
const lanes = [
  { name: 'types', command: 'npm run typecheck' },
  { name: 'lint', command: 'npm run lint' },
  { name: 'unit', command: 'jest --selectProjects unit --maxWorkers=2' },
  // A suite that fails in its set-up can leave a server listening: the lane still ends (its report
  // is written) rather than wait for ever; the leak shows as jest's "did not exit" warning.
  // At most two `it.concurrent` browser tests at once: at five, beside a CPU hog, pages outlasted the
  // kit's own 5 s bounds on the manifest and the release inventory.
  { name: 'e2e', command: 'jest --selectProjects e2e --forceExit --maxConcurrency=2' },
];

const { result } = concurrently(
  lanes.map(({ name, command }) => ({ name, command, env: { JEST_REPORT_NAME: name } })),
  { prefix: 'name', padPrefix: true, timings: true, prefixColors: ['cyan', 'yellow', 'blue', 'magenta'] },
);
const closed = await result.then(
  (events) => events,
  (events) => events,
);

let passed = 0;
let failed = 0;
for (const [index, lane] of lanes.entries()) {
  let counts = { passed: 0, failed: 0 };
  try {
    counts = JSON.parse(readFileSync(path.join(reportDir, `${lane.name}.json`), 'utf8'));
  } catch {
    // No report: not a jest (type check, lint), or a jest that stopped before it counted (its set-up failed).
  }
  const exitCode = closed.find((event) => event.index === index)?.exitCode;
  passed += counts.passed;
  failed += counts.failed;
  if (exitCode !== 0 && counts.failed === 0) failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
