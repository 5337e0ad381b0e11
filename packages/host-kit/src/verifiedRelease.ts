// The release verifier as a build-time runtime plugin, for a host whose bundler names the remote:
//   runtimePlugins: [[require.resolve('@checkout/host-kit/verifiedRelease'), { trust, reportUrl }]]
// The bundler passes that object (JSON: no functions) to this function.
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { verifiedRelease as verifier } from './release/verifiedRelease.js';
import type { ReleaseRefused, ReleaseTrust } from './release/releaseFormat.js';
import { DEFAULT_REMOTE, DEFAULT_TIMEOUT_MS } from './remoteTimeouts.js';
import { scriptsAfterPageLoad } from './afterPageLoad.js';
import { walletRowEarly } from './walletRowEarly.js';

export interface VerifiedReleasePluginOptions {
  /** What the page trusts (see ReleaseTrust). */
  trust: ReleaseTrust;
  /** Where each refusal is sent (`navigator.sendBeacon`, JSON `{ reason, url, message }`); without it, `console.error`. */
  reportUrl?: string;
  /** The remote's name; default `checkout`. */
  remote?: string;
  /** Per request of the manifest and the inventory; default 5000. */
  timeoutMs?: number;
}

function reporter(reportUrl: string | undefined): (refusal: ReleaseRefused) => void {
  if (!reportUrl) return (refusal) => console.error(refusal);
  return ({ reason, url, message }) => void navigator.sendBeacon(reportUrl, JSON.stringify({ reason, url, message }));
}

export default function verifiedRelease({
  trust,
  reportUrl,
  remote = DEFAULT_REMOTE,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: VerifiedReleasePluginOptions): ModuleFederationRuntimePlugin {
  const plugin = verifier({
    remote,
    trust,
    report: reporter(reportUrl),
    fetch: (url) => fetch(url, { signal: AbortSignal.timeout(timeoutMs) }),
  });
  // Its scripts never hold the page's `load`; a page that shows wallets gets their row's code early.
  return scriptsAfterPageLoad(walletRowEarly(plugin, remote), remote);
}
