// The one-tag recipe's script side: the element's tag added by the page's own module, with the
// release's integrity, every failed script reported, and the fallback form's formKey. Framework-free.
export { ELEMENT_POLICY, loadCheckoutElement, type CheckoutElementOptions } from './element/loadCheckoutElement.js';
export { reportFailedScripts, type FailedScript } from './element/reportFailedScripts.js';
export { addFormKeys } from './formKeys.js';
