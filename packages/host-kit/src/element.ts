// The one-tag recipe's script side: the element's tag added by the page's own module, with the
// release's integrity, and every failed script reported. Framework-free.
export { loadCheckoutElement, type CheckoutElementOptions } from './element/loadCheckoutElement.js';
export { reportFailedScripts, type FailedScript } from './element/reportFailedScripts.js';
