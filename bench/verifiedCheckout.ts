// The bench's `verified` page replaces the host example's checkoutRemote.ts at build time with this:
// the same exports and the same loading policy, the remote registered with the verifiedRelease
// runtime plugin (tests/e2e/hosts/pinned/verifiedRelease.ts) instead of the plain timeouts, trusting the
// release inventory the publisher's key signed (ECDSA P-256, checked with Web Crypto before anything of
// the remote runs). The key is one made for the bench (bench/remote.ts), set at build time.
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadCheckout, type CheckoutLoader, type RemotePolicy } from '../host-example/src/checkoutRemote';
import { verifiedRelease } from '../tests/e2e/hosts/pinned/verifiedRelease';

export { CHECKOUT_POLICY, describeFailure, loadCheckout } from '../host-example/src/checkoutRemote';
export type { CheckoutLoader, CheckoutModule, RemotePolicy } from '../host-example/src/checkoutRemote';

/** The publisher's P-256 public key (raw, base64), defined by bench/webpack.config.ts. */
declare const __BENCH_PUBLISHER_KEY__: string;

export function registerCheckout(policy: RemotePolicy): void {
  registerPlugins([
    verifiedRelease({
      remote: 'checkout',
      trust: { publisherKeys: [__BENCH_PUBLISHER_KEY__] },
      report: (refusal) => console.error(refusal),
      fetch: (url) => fetch(url, { signal: AbortSignal.timeout(policy.timeoutMs) }),
    }),
  ]);
  registerRemotes([{ name: 'checkout', entry: policy.manifestUrl }]);
}

/** As the host example's: registered, and the first load under way at once. */
export function startCheckout(policy: RemotePolicy): CheckoutLoader {
  registerCheckout(policy);
  const first = loadCheckout(policy);
  first.catch(() => {}); // the slot shows the form and reports
  return () => first;
}
