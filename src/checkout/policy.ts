// The flow's policy: how long a person waits for a session, and where they may be sent.
import { positiveOr } from '../bounds';

export const DEFAULT_SESSION_TIMEOUT_MS = 15_000;
export const DEFAULT_CHECKOUT_ORIGINS: readonly string[] = ['https://checkout.stripe.com'];

export function sessionTimeout(value: number | undefined): number {
  return positiveOr(value, DEFAULT_SESSION_TIMEOUT_MS);
}
