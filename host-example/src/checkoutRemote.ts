// The integration: the checkout remote registered at runtime with the host kit (@checkout/host-kit):
// only a release its publisher signed runs, a timeout on every request, bounded retries, its scripts
// after the page's `load`, and `loadCheckout()` that always settles, with the module or a readable error.
import {
  CHECKOUT_POLICY as KIT_POLICY,
  type CheckoutLoader as KitLoader,
  type CheckoutModule as KitModule,
  type RemotePolicy,
} from '@checkout/host-kit';
import { describeFailure, loadCheckout, registerCheckout, startCheckout as startKit, type ReleaseRefused } from '@checkout/host-kit';
import type { ComponentType } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';

export type CheckoutModule = KitModule<ComponentType<CheckoutButtonProps>>;
export type CheckoutLoader = KitLoader<ComponentType<CheckoutButtonProps>>;
export type { RemotePolicy };
export { describeFailure, loadCheckout, registerCheckout };

/** How the host example loads the remote: three attempts, five seconds per request. */
export const CHECKOUT_POLICY: Omit<RemotePolicy, 'manifestUrl' | 'verify'> = KIT_POLICY;

/** A file of the remote refused: an attack or a broken release. Your monitoring alerts on it (docs/security.md). */
export function reportRefusal({ reason, url, message }: ReleaseRefused): void {
  console.error(`checkout: refused ${url} (${reason}): ${message}`);
}

/** Registers the remote and starts loading it now, in parallel with the page's own start. */
export function startCheckout(policy: RemotePolicy): CheckoutLoader {
  return startKit<ComponentType<CheckoutButtonProps>>(policy);
}
