// The `direct` baseline's stand-in for host-example/src/checkoutRemote.ts: the same exports, with the
// button bundled from source instead of loaded from the remote.
import { CheckoutButton } from '../src/CheckoutButton';
import type { CheckoutModule, RemotePolicy } from '../host-example/src/checkoutRemote';

export type { CheckoutModule, RemotePolicy };

const bundled: Promise<CheckoutModule> = Promise.resolve({ CheckoutButton });

export function registerCheckout(_policy: RemotePolicy): void {}

export function loadCheckout(_policy: RemotePolicy, _fresh = false): Promise<CheckoutModule> {
  return bundled;
}
