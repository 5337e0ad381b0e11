// Start-up against a Postgres that is not reachable yet: containers start together, a managed
// database restarts, a failover takes seconds. Each connection attempt keeps its short bound (the
// request paths need it), and start-up tries again with backoff for a while, saying so, instead of
// exiting at the first refused or slow connection. Anything else (a wrong password, a missing
// database, a failed migration) fails at once: waiting would not change it.

/** How long start-up waits, in all, for a Postgres that refuses or does not answer yet. */
export const DEFAULT_STARTUP_WAIT_MS = 30_000;

/** Node's and Postgres's ways of saying "not reachable (yet)": refused, reset, timed out, starting up. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P03',
  '08000',
  '08001',
  '08006',
]);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|connection timeout/i;

export function isUnreachable(error: unknown): boolean {
  // Not `instanceof Error`: Node's own errors (net's ECONNREFUSED) may come from another realm (a test runner's).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) || (cause !== undefined && isUnreachable(cause));
}

/** `attempt`, again with backoff (250 ms doubling to 2 s) while it fails as unreachable, for `waitMs` in all. */
export async function whenReachable<T>(attempt: () => Promise<T>, waitMs: number, log: (line: string) => void = console.warn): Promise<T> {
  const deadline = performance.now() + waitMs; // monotonic: a stepped wall clock changes nothing
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isUnreachable(error) || performance.now() + delay > deadline) throw error;
      log(`[orders] Postgres is not reachable yet (${String((error as { message?: unknown }).message)}); trying again in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
