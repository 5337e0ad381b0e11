// The remote's public types, as a host sees them.
//
// The remote publishes them with its build (`dist/@mf-types.zip`, pointed at by the manifest): a
// host in another repository downloads them with the enhanced plugin's `dts.consumeTypes` and
// writes `typeof import('checkout/CheckoutButton')`. In this repository we point at the very
// module those declarations are compiled from, so `npm run typecheck` never depends on a running
// remote or a previous build. Type-only: nothing of the remote is bundled into the host.
export type CheckoutButtonModule = typeof import('../../../src/CheckoutButton');

export type {
  CheckoutButtonProps,
  CheckoutError,
  CheckoutErrorCode,
  CheckoutMode,
  ScriptState,
} from '../../../src/CheckoutButton';
