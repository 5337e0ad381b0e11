// The `direct` baseline's stand-in for host-example/src/checkoutRemote.ts: the same exports, with the
// button bundled from source instead of loaded from the remote.
import { CheckoutButton } from '../src/exposes/CheckoutButton';
import type { CheckoutLoader, CheckoutModule, RemotePolicy } from '../host-example/src/checkoutRemote';

export type { CheckoutLoader, CheckoutModule, RemotePolicy };

const bundled: Promise<CheckoutModule> = Promise.resolve({ CheckoutButton });

export const CHECKOUT_POLICY: Omit<RemotePolicy, 'manifestUrl' | 'verify'> = { attempts: 1, timeoutMs: 5_000 };

export function reportRefusal(_refusal: Error): void {}

export function registerCheckout(_policy: RemotePolicy): void {}

export function loadCheckout(_policy: RemotePolicy): Promise<CheckoutModule> {
  return bundled;
}

export function startCheckout(_policy: RemotePolicy): CheckoutLoader {
  return () => bundled;
}

export function describeFailure(error: unknown): string {
  return String(error);
}
