// A part of the remote that the button's first render does not need: a chunk of its own, fetched
// when it is first asked for, or once the page is idle after start-up when `whenIdle` (so it is
// there by the time the person acts). Below everything else, like store.ts.

export interface LazyChunk<T> {
  /** The module; a failed fetch is not kept, so the next call fetches again. */
  load(): Promise<T>;
}

type IdleScheduler = (callback: () => void, options?: { timeout: number }) => number;

function whenPageIdle(run: () => void): void {
  const idle = (window as unknown as { requestIdleCallback?: IdleScheduler }).requestIdleCallback;
  // Safari before 18 has no requestIdleCallback: a second is well after a button's start-up.
  if (idle) idle(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
}

export function lazyChunk<T>(importer: () => Promise<T>, options: { whenIdle?: boolean } = {}): LazyChunk<T> {
  let pending: Promise<T> | undefined;
  const load = () => {
    if (!pending) {
      const attempt = importer();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
  if (options.whenIdle && typeof window !== 'undefined') whenPageIdle(() => void load().catch(() => undefined));
  return { load };
}
