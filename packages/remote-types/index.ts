// @checkout/remote-types: the types of the checkout remote, which a host loads at runtime (as
// @stripe/stripe-js types Stripe.js): the button's props, errors and events, and <checkout-button>
// with its tag, its events and its JSX entry. Declarations only, emitted from the remote's own
// sources (src/core/types.ts, src/element/), so they cannot drift from what the remote runs.
export type * from '../../src/core/types';
export type { CheckoutElementEventName, CheckoutElementEvents } from '../../src/element/events';
export type {
  CheckoutButtonAttributes,
  CheckoutButtonElementEventMap,
  CheckoutButtonJsxProps,
  CheckoutButtonProperties,
  HTMLCheckoutButtonElement,
} from '../../src/element/elementTypes';
export type { CheckoutButtonAttributeName } from '../../src/element/attributes';
