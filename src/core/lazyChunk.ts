// A part of the remote that the button's first render does not need: a chunk of its own, fetched
// when it is first asked for, or once the page is idle after start-up when `whenIdle` (so it is
// there by the time the person acts). Below everything but the errors and the page's events (which
// src/core/chunkRefusal.ts, fetched after a failure, uses).

export interface LazyChunk<T> {
  /**
   * The module; a failed fetch is not kept, so the next call fetches again. A chunk the browser
   * refused for its bytes rejects with `script_integrity_failed`, told to the page's telemetry.
   */
  load(): Promise<T>;
}

type IdleScheduler = (callback: () => void, options?: { timeout: number }) => number;

function whenPageIdle(run: () => void): void {
  const idle = (window as unknown as { requestIdleCallback?: IdleScheduler }).requestIdleCallback;
  // Safari before 18 has no requestIdleCallback: a second is well after a button's start-up.
  if (idle) idle(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
}

/**
 * A failed load, classified by code fetched only now (src/core/chunkRefusal.ts): a chunk refused for its
 * bytes becomes `script_integrity_failed`, told to the page's telemetry; any other failure stays as it
 * was, and so does this one where that code cannot be fetched either.
 */
function checked(thrown: unknown): Promise<never> {
  // One chunk for both layers' copies of the module (the mount's and the button's): one more entry in
  // the runtime's integrity map, not two.
  return import(/* webpackChunkName: "refusal" */ './chunkRefusal').then(
    ({ classified }) => classified(thrown),
    () => Promise.reject(thrown),
  );
}

export function lazyChunk<T>(importer: () => Promise<T>, options: { whenIdle?: boolean } = {}): LazyChunk<T> {
  let pending: Promise<T> | undefined;
  const load = () => {
    if (!pending) {
      const attempt: Promise<T> = importer().catch((thrown: unknown) => {
        if (pending === attempt) pending = undefined;
        return checked(thrown);
      });
      pending = attempt;
      attempt.catch(() => undefined);
    }
    return pending;
  };
  if (options.whenIdle && typeof window !== 'undefined') whenPageIdle(() => void load().catch(() => undefined));
  return { load };
}
