// Prints the one-line summary CI looks for, and keeps the counts in a file for .ci/run, with each test
// file's project and duration, so .ci/run can say where the time went. `npm test` runs one jest per
// lane at once (tests/support/runLanes.mjs), so each run writes its own file in JEST_REPORT_DIR, named
// JEST_REPORT_NAME (the lane's) or else for the projects it ran.
// Plain CommonJS: jest loads reporters without a transform.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const projects = [...new Set(results.testResults.map((r) => r.displayName?.name ?? 'tests'))].sort();
    const name = process.env.JEST_REPORT_NAME || projects.join('+') || 'tests';
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const dir = process.env.JEST_REPORT_DIR;
    if (dir) {
      const files = results.testResults.map((r) => ({
        path: path.relative(process.cwd(), r.testFilePath),
        project: r.displayName?.name ?? '',
        seconds: Math.max(0, (r.perfStats.end - r.perfStats.start) / 1000),
      }));
      fs.mkdirSync(dir, { recursive: true });
      const report = {
        passed,
        failed,
        success: results.success,
        startTime: results.startTime,
        seconds: (Date.now() - results.startTime) / 1000,
        files,
        // Each failed test by file and full name, and each file that failed to run at all.
        failures: results.testResults.flatMap((r) => {
          const file = path.relative(process.cwd(), r.testFilePath);
          const failedTests = r.testResults.filter((t) => t.status === 'failed').map((t) => `${file} › ${t.fullName}`);
          return r.testExecError && failedTests.length === 0 ? [`${file} (did not run)`] : failedTests;
        }),
      };
      fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report));
    }
    console.log(`tests (${name}): ${passed} passed, ${failed} failed`);
  }
}

module.exports = SummaryReporter;
