// Preloaded (NODE_OPTIONS=--require) into a process and each of its worker threads: the wall clock
// (Date.now) steps forward by STEP_CLOCK_MS, STEP_CLOCK_AFTER_MS after the thread starts, as NTP does
// after a boot or a VM's resume. The monotonic clocks are left alone. With STEP_CLOCK_MARKS set, each
// thread appends its id to that file once its clock has stepped, so a test can wait for the step.
'use strict';
const { appendFileSync } = require('node:fs');
const { threadId } = require('node:worker_threads');
const marks = process.env.STEP_CLOCK_MARKS;
const step = Number(process.env.STEP_CLOCK_MS ?? 15_000);
const after = Number(process.env.STEP_CLOCK_AFTER_MS ?? 1_000);
const realNow = Date.now.bind(Date);
let offset = 0;
setTimeout(() => {
  offset = step;
  if (marks) appendFileSync(marks, `${threadId}\n`);
}, after).unref();
Date.now = () => realNow() + offset;
