// The bench's `unverified` page replaces the host example's checkoutRemote.ts at build time with this:
// the same exports and the same loading policy, with verification turned off (`verify: 'off'`, the
// opt-out the README names): the remote runs whatever its origin serves. What the host example's
// verification costs is `federated` against this page.
import { startCheckout as startKit } from '@checkout/host-kit';
import type { ComponentType } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader, RemotePolicy } from '../host-example/src/checkoutRemote';

export { CHECKOUT_POLICY, describeFailure, loadCheckout, registerCheckout, reportRefusal } from '../host-example/src/checkoutRemote';
export type { CheckoutLoader, CheckoutModule, RemotePolicy } from '../host-example/src/checkoutRemote';

/** As the host example's (registered, and the first load under way at once), verifying nothing. */
export function startCheckout(policy: RemotePolicy): CheckoutLoader {
  return startKit<ComponentType<CheckoutButtonProps>>({ ...policy, verify: 'off' });
}
