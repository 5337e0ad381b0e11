// The page's own code with the release's integrity in it (`{…}`: filled in by the test from the
// build's inventory), while the page's preload carries none: failed scripts reported, then the tag.
import { loadCheckoutElement, reportFailedScripts } from './vendor/host-kit/element.js';

reportFailedScripts(({ reason, url }) => navigator.sendBeacon('/monitoring/refused-script', JSON.stringify({ reason, url })));

const remote = document.getElementById('checkout-element');
loadCheckoutElement({ src: remote.href, integrity: '{checkout-button.js}' }).catch((error) => {
  console.warn(`checkout: ${error.message}`); // the form stays: it pays without the remote
});
