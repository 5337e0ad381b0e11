// Prints the one-line summary CI looks for, and keeps the counts in a file for .ci/run.
// Plain CommonJS: jest loads reporters without a transform.
const fs = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const file = process.env.JEST_JSON_REPORT;
    if (file) fs.writeFileSync(file, JSON.stringify({ passed, failed, success: results.success }));
    console.log(`tests: ${passed} passed, ${failed} failed`);
  }
}

module.exports = SummaryReporter;
