// The flow's policy: how long a person waits for a session, and where they may be sent.
import type { CheckoutButtonProps, CheckoutMode, LoadOn } from '../core/types';
import { positiveOr } from '../core/bounds';

export const DEFAULT_SESSION_TIMEOUT_MS = 15_000;
export const DEFAULT_CHECKOUT_ORIGINS: readonly string[] = ['https://checkout.stripe.com'];

export function sessionTimeout(value: number | undefined): number {
  return positiveOr(value, DEFAULT_SESSION_TIMEOUT_MS);
}

/** The button's flow settings with their defaults applied: the one place the defaults are. */
export interface FlowSettings {
  mode: CheckoutMode;
  loadOn: LoadOn;
  sessionTimeoutMs: number;
  allowedCheckoutOrigins: readonly string[];
}

export function flowSettings(
  props: Pick<CheckoutButtonProps, 'mode' | 'loadOn' | 'sessionTimeoutMs' | 'allowedCheckoutOrigins'>,
): FlowSettings {
  return {
    mode: props.mode ?? 'redirect',
    loadOn: props.loadOn ?? 'mount',
    sessionTimeoutMs: sessionTimeout(props.sessionTimeoutMs),
    allowedCheckoutOrigins: props.allowedCheckoutOrigins ?? DEFAULT_CHECKOUT_ORIGINS,
  };
}
