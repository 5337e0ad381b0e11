// Prints the one-line summary CI looks for, and keeps the counts in a file for .ci/run, with each test
// file's project and duration, so .ci/run can say where the time went.
// Plain CommonJS: jest loads reporters without a transform.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const file = process.env.JEST_JSON_REPORT;
    if (file) {
      const files = results.testResults.map((r) => ({
        path: path.relative(process.cwd(), r.testFilePath),
        project: r.displayName?.name ?? '',
        seconds: Math.max(0, (r.perfStats.end - r.perfStats.start) / 1000),
      }));
      fs.writeFileSync(file, JSON.stringify({ passed, failed, success: results.success, startTime: results.startTime, files }));
    }
    console.log(`tests: ${passed} passed, ${failed} failed`);
  }
}

module.exports = SummaryReporter;
