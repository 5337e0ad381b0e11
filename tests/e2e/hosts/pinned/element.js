// The pinned element page's own code (the host kit's element helpers, served here from
// vendor/host-kit/): a script that failed (refused by its integrity, or unreachable) is reported,
// then the one tag is added, with the integrity the page's preload names, once the page has loaded.
import { loadCheckoutElement, reportFailedScripts } from './vendor/host-kit/element.js';

reportFailedScripts(({ reason, url }) => navigator.sendBeacon('/monitoring/refused-script', JSON.stringify({ reason, url })));

const remote = document.getElementById('checkout-element');
loadCheckoutElement({ src: remote.href, integrity: remote.integrity || 'off' }).catch((error) => {
  console.warn(`checkout: ${error.message}`); // the form stays: it pays without the remote
});
