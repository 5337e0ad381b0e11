// jest's order, with the unit files known to take longest moved to the front. jest runs the slowest
// first only once it has timed them (its cache); on a clean clone (CI) it goes by file size, and these
// small files that wait on child processes, leases and packs came last, each alone on a worker at the
// end. Seconds each in CI (one worker): folderLock 106, reconcileCli 82, consumerCompile 80, crash 49,
// migrations 41, backupRestore 38, reconcileSchedule 34, recipes 33, image 32, packageChecks 38
// (the last two wait for the packs consumerCompile makes, so they start after it, not beside it).
// Plain CommonJS: jest loads its sequencer without a transform.
const path = require('node:path');
// jest's own default sequencer, from jest's dependencies (we do not depend on it ourselves).
const jestDir = path.dirname(require.resolve('jest/package.json'));
const Sequencer = require(require.resolve('@jest/test-sequencer', { paths: [jestDir] })).default;

const SLOW_FIRST = [
  'tests/server/folderLock.test.ts',
  'tests/server/reconcileCli.test.ts',
  'tests/packages/consumerCompile.test.ts',
  'tests/server/crash.test.ts',
  'tests/server/migrations.test.ts',
  'tests/server/backupRestore.test.ts',
  'tests/server/reconcileSchedule.test.ts',
  'tests/server/recipes.test.ts',
  'tests/server/image.test.ts',
  'tests/packages/packageChecks.test.ts',
];

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const at = SLOW_FIRST.indexOf(path.relative(test.context.config.rootDir, test.path));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    // Array.prototype.sort is stable: every other file keeps jest's place for it.
    return super.sort(tests).sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirstSequencer;
