// The bench's `verified` page replaces the host example's checkoutRemote.ts at build time with this:
// the same exports and the same loading policy, the remote registered with the host kit's release
// verifier (@checkout/host-kit's verifiedRelease) instead of the plain timeouts, trusting the release
// inventory the publisher's key signed (checked with WebCrypto before anything of the remote runs).
// The key is the committed development key (release/keys/), set at build time.
import { startCheckout as startKit } from '@checkout/host-kit';
import type { ComponentType } from 'react';
import type { CheckoutButtonProps } from 'checkout/CheckoutButton';
import type { CheckoutLoader, RemotePolicy } from '../host-example/src/checkoutRemote';

export { CHECKOUT_POLICY, describeFailure, loadCheckout, registerCheckout } from '../host-example/src/checkoutRemote';
export type { CheckoutLoader, CheckoutModule, RemotePolicy } from '../host-example/src/checkoutRemote';

/** The publisher's Ed25519 public key (raw, base64), defined by bench/webpack.config.ts. */
declare const __BENCH_PUBLISHER_KEY__: string;

/** As the host example's (registered, and the first load under way at once), verifying the release. */
export function startCheckout(policy: RemotePolicy): CheckoutLoader {
  const verify = { trust: { publisherKey: __BENCH_PUBLISHER_KEY__ }, report: (refusal: Error) => console.error(refusal) };
  return startKit<ComponentType<CheckoutButtonProps>>({ ...policy, verify });
}
