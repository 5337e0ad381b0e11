// A part of the remote that the button's first render does not need: a chunk of its own, fetched
// when it is first asked for, or once the page is idle after start-up when `whenIdle` (so it is
// there by the time the person acts). Below everything but the errors and the page's events.
import { checkoutError } from './errors';
import { emitCheckoutEvent } from './events';

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
 * The URL of a chunk that arrived whole (a 2xx answer, in Resource Timing) and still failed as a
 * script (webpack's ChunkLoadError of type `error`): the browser refused its bytes for their integrity
 * (webpack/chunkIntegrity.ts). Where the browser does not report the status (Safari), the failure
 * stays a failed fetch.
 */
export function refusedChunk(thrown: unknown): string | undefined {
  const { type, request } = (thrown ?? {}) as { type?: string; request?: string };
  if (type !== 'error' || !request) return;
  const status = (performance.getEntriesByName(request).pop() as { responseStatus?: number } | undefined)?.responseStatus ?? 0;
  return status > 199 && status < 300 ? request : undefined;
}

/** A refusal becomes `script_integrity_failed`, told to the page's telemetry; any other failure stays as it was. */
function checked(thrown: unknown): never {
  const url = refusedChunk(thrown);
  if (!url) throw thrown;
  emitCheckoutEvent({ type: 'script_integrity_failed', url });
  throw checkoutError('script_integrity_failed', `Integrity refused: ${url}`, thrown);
}

export function lazyChunk<T>(importer: () => Promise<T>, options: { whenIdle?: boolean } = {}): LazyChunk<T> {
  let pending: Promise<T> | undefined;
  const load = () => {
    if (!pending) {
      const attempt: Promise<T> = importer().catch((thrown: unknown) => {
        if (pending === attempt) pending = undefined;
        checked(thrown);
      });
      pending = attempt;
      attempt.catch(() => undefined);
    }
    return pending;
  };
  if (options.whenIdle && typeof window !== 'undefined') whenPageIdle(() => void load().catch(() => undefined));
  return { load };
}
