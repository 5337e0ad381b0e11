// A federation runtime plugin that bounds every request to a remote. The runtime itself waits for
// ever for a manifest that never answers (and 20 s for an entry); with this, the load rejects after
// TIMEOUT_MS and the page shows its fallback instead of "loading" for ever.
const TIMEOUT_MS = 5000;

export default function remoteTimeout() {
  return {
    name: 'remote-timeout',
    fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }),
    createScript: () => ({ timeout: TIMEOUT_MS }),
  };
}
