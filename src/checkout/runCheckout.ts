// What a click runs (outcome.ts: the session, the URL check) is not needed to show the button: it is a
// chunk of its own, fetched once the page is idle after start-up, or at the first click if sooner.
import { toCheckoutError } from '../errors';
import { lazyChunk } from '../lazyChunk';
import type { CheckoutOutcome, CheckoutRun } from './outcome';

export type { CheckoutOutcome, CheckoutRun } from './outcome';

const outcome = lazyChunk(() => import('./outcome'), { whenIdle: true });

/** click → session → (redirect mode) URL check. Never a rejection: every failure is a value the view can show. */
export async function runCheckout(run: CheckoutRun): Promise<CheckoutOutcome> {
  let code: typeof import('./outcome');
  try {
    code = await outcome.load();
  } catch (cause) {
    return { kind: 'failed', error: toCheckoutError('session_failed', 'The checkout could not start: its code could not be fetched', cause) };
  }
  return code.checkoutOutcome(run);
}
