// @checkout/host-kit: what a host page runs beside the checkout remote, framework-free.
// React: `@checkout/host-kit/react`; the one-tag recipe: `@checkout/host-kit/element`; build-time
// runtime plugins: `@checkout/host-kit/remoteTimeout` and `@checkout/host-kit/verifiedRelease`.
export { remoteTimeouts, DEFAULT_REMOTE, DEFAULT_TIMEOUT_MS, type RemoteTimeoutsOptions } from './remoteTimeouts.js';
export {
  CHECKOUT_POLICY,
  checkoutPlugin,
  describeFailure,
  loadCheckout,
  registerCheckout,
  startCheckout,
  type CheckoutLoader,
  type CheckoutModule,
  type RemotePolicy,
} from './checkoutLoader.js';
export { addFormKeys, FORM_KEY_FIELD, newFormKey } from './formKeys.js';
export { startWalletSession, WALLET_SESSION_TIMEOUT_MS, type WalletSessionOptions } from './walletSession.js';
export { LOAD_WAIT_MS, pageLoaded, runAfterPageLoad, scriptsAfterPageLoad, WAITING_TYPE } from './afterPageLoad.js';
export { verifiedRelease, type VerifiedReleaseOptions } from './release/verifiedRelease.js';
export {
  checkFile,
  integrityByUrl,
  INVENTORY_FILE,
  ReleaseRefused,
  sha384,
  keyIdOf,
  PRODUCT,
  SIGNATURE_FILE,
  trustedInventory,
  type InventoryFile,
  type KeyTerms,
  type KeyTrust,
  type RefusalReason,
  type ReleaseInventory,
  type ReleaseTrust,
} from './release/releaseFormat.js';
