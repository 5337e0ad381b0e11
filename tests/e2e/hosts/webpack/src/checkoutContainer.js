// The remote's container as the page's start-up sees it (webpack.config.js names it with the `var`
// remote type). webpack calls every remote's `init` before the page's first shared module: this one
// only keeps the share scope, so the page starts at once, and loads the remote's remoteEntry.js on
// the first `get`, within 5 s. A failed load is tried again on the next `get`.
import { loadScript } from '../../app/loadScript.js';

const REMOTE_ENTRY = 'http://localhost:3001/remoteEntry.js';
let shareScope;
let remote = null;

function loadRemote() {
  if (!remote) {
    remote = loadScript(REMOTE_ENTRY).then(async () => {
      await window.checkout.init(shareScope);
      return window.checkout;
    });
    remote.catch(() => {
      remote = null;
    });
  }
  return remote;
}

window.checkoutContainer = {
  init(scope) {
    shareScope = scope;
  },
  get: (module) => loadRemote().then((container) => container.get(module)),
};
