import { useSyncExternalStore } from 'react';
import type { StripeScriptSnapshot } from '../core/types';
import { getServerSnapshot, getSnapshot, subscribe } from '../stripe/scriptStore';

/** The page's Stripe.js load as React state; `initial` on the server. */
export function useStripeScript(): StripeScriptSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
