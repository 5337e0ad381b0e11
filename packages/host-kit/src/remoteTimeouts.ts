// A federation runtime plugin that bounds every request of one remote. The runtime itself waits for
// ever for a manifest that never answers (and 20 s for an entry); with this, the load fails after
// `timeoutMs` and the page shows its fallback instead of "loading" for ever.
// Its scripts run after the page's `load` (afterPageLoad.ts): a remote that never answers never holds it.
// A page that shows wallets gets the wallet row's code with the button's (walletRowEarly.ts).
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { scriptsAfterPageLoad } from './afterPageLoad.js';
import { containerGlobalHook } from './containerGlobal.js';
import { walletRowEarly } from './walletRowEarly.js';
import { isRemote } from './isRemote.js';

export interface RemoteTimeoutsOptions {
  /** The remote's name, as registered; default `checkout`. */
  remote?: string;
  /** Per request (manifest, entry, chunk); default 5000. */
  timeoutMs?: number;
}

export const DEFAULT_REMOTE = 'checkout';
export const DEFAULT_TIMEOUT_MS = 5_000;

export function remoteTimeouts({
  remote = DEFAULT_REMOTE,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: RemoteTimeoutsOptions = {}): ModuleFederationRuntimePlugin {
  // Per URL: the runtime also asks for the button's chunks (from the manifest) before the entry, and a
  // first request must keep its plain URL, or the page's preloads of it are wasted.
  const asked = new Map<string, number>();
  const timeouts: ModuleFederationRuntimePlugin = {
    name: 'checkout-timeouts',
    // A page element named like the container global (`id="checkout"`) does not stand in for the container.
    loadEntry: containerGlobalHook(remote),
    fetch: (url, init, info) =>
      isRemote(info, remote)
        ? fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }).then((response) => {
            if (!response.ok) throw new Error(`${url} answered ${response.status}`);
            return response;
          })
        : undefined,
    createScript({ url, remoteInfo }) {
      if (!isRemote(remoteInfo, remote)) return undefined;
      const before = asked.get(url) ?? 0;
      asked.set(url, before + 1);
      if (before === 0) return { timeout: timeoutMs };
      // Chromium answers a new tag for a URL still in flight from the stalled request: a retry asks
      // for a URL of its own.
      const script = document.createElement('script');
      script.src = `${url}${url.includes('?') ? '&' : '?'}retry=${before}`;
      return { script, timeout: timeoutMs };
    },
  };
  return scriptsAfterPageLoad(walletRowEarly(timeouts, remote), remote);
}
