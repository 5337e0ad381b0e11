// `npm test`: two lanes at once, because on two cores neither fills the machine alone. The browser lane
// spends its first minute building the remote and installing hosts, and then mostly waits on Chromium;
// the other lane's type check, lint and unit tests mostly wait on child processes, Postgres and timers.
// Run one after the other they took 600 s here; side by side, the browser lane alone is the wall time.
// Ends with one line for both lanes: `tests: N passed, N failed`.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import concurrently from 'concurrently';

const reportDir = (process.env.JEST_REPORT_DIR ??= path.resolve('.tmp/jest-reports'));
rmSync(reportDir, { recursive: true, force: true });

/** Each lane: its name (also its jest report's, see summaryReporter.cjs) and its command. */
const lanes = [
  { name: 'unit', command: 'npm run typecheck && npm run lint && jest --selectProjects unit' },
  // A suite that fails in its set-up can leave a server listening: the lane still ends (its report
  // is written) rather than wait for ever; the leak shows as jest's "did not exit" warning.
  { name: 'e2e', command: 'jest --selectProjects e2e --forceExit' },
];

const { result } = concurrently(
  lanes.map(({ name, command }) => ({ name, command, env: { JEST_REPORT_NAME: name } })),
  { prefix: 'name', padPrefix: true, timings: true, prefixColors: ['blue', 'magenta'] },
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
    // No report: the lane stopped before jest counted (type check, lint or set-up failed).
  }
  const exitCode = closed.find((event) => event.index === index)?.exitCode;
  passed += counts.passed;
  failed += counts.failed;
  if (exitCode !== 0 && counts.failed === 0) failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
