// Waiting for an event a test cannot subscribe to (a row written, a request recorded): it checks
// often and fails with what it waited for once the deadline passes. The deadline is only a failure
// bound, never what orders the events: a busy machine makes the wait longer, not the test wrong.
export const FAILURE_DEADLINE_MS = 20_000;

export async function until(what: string, condition: () => boolean | Promise<boolean>, deadlineMs = FAILURE_DEADLINE_MS): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > deadlineMs) throw new Error(`Still waiting after ${deadlineMs} ms for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
