// Preloaded (NODE_OPTIONS=--require) into a process and each of its worker threads: the wall clock
// (Date.now) steps forward by STEP_CLOCK_MS, STEP_CLOCK_AFTER_MS after the thread starts, as NTP does
// after a boot or a VM's resume. The monotonic clocks are left alone.
'use strict';
const step = Number(process.env.STEP_CLOCK_MS ?? 15_000);
const after = Number(process.env.STEP_CLOCK_AFTER_MS ?? 1_000);
const realNow = Date.now.bind(Date);
let offset = 0;
setTimeout(() => (offset = step), after).unref();
Date.now = () => realNow() + offset;
